"""Text from a record or a key as the terminal may show it: control bytes
escaped (an ESC could clear the screen or set the clipboard) and cut short."""
import sys

from host_sim import cut


def shown(text, most=200):
    """text with every C0, DEL and C1 control written as \\xNN (tab and
    newline too: one message stays one line), at most `most` characters."""
    out = []
    for c in text:
        o = ord(c)
        out.append("\\x%02x" % o if o < 32 or 127 <= o < 160 else c)
    return cut("".join(out), most)


def say(message):
    """One error line on stderr, escaped."""
    print(shown(str(message), 400), file=sys.stderr)

"""The pure game: rules, engine, records. Refused is its one error type:
why an action, a rule option or a record line is not accepted."""
try:
    from micropython import const
except ImportError:  # CPython: const(x) is x
    const = int


class Refused(ValueError):
    """args[0] is a key of game.reasons.TEXT, the rest fill in its text.

    The texts are loaded on the first refusal that is shown, so they take no
    RAM on the board while play stays legal (the controller offers only legal
    actions)."""

    def __str__(self):
        return self.text(str)

    def text(self, tr):
        """The text in a language: tr(English format) is its translation."""
        from game.reasons import TEXT
        text = tr(TEXT[self.args[0]])
        return text % self.args[1:] if len(self.args) > 1 else text

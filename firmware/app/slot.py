"""The card slot: whether a card is in, and whether it is the game's current
card (a card dealt while the last one was still in waits for the swap). A
digital board (e-paper) has no slot: its card is always in."""
from app import lang
from game.engine import P_REVEAL

UNSEEN = "Take the new card out unseen"  # dealt, then undone: it must not be shown


class Slot:
    def __init__(self, store, digital):
        self.store = store
        self.digital = digital
        self.card_in = digital
        self.fresh = True  # the card in the slot is the game's current card
        self.saw_out = False  # out since the last deal
        self.back = 0  # after an UNDO across a deal: the card wanted back in the slot
        self.seen = False  # the card in went in while windows were still closing
        self.lid = None  # the shutters (the device sets them): a new card waits until they are closed
        self.was_closing = False

    def closing(self):
        """A card dealt, and the lid's windows not all closed and still yet."""
        return not self.fresh and self.lid is not None and not self.lid.closed()

    def settled(self):
        """True once, at the step the windows closing for a new card are shut."""
        c = self.closing()
        done = self.was_closing and not c
        self.was_closing = c
        return done

    def change(self, present):
        """The switch moved: a card went in (present) or came out. True when
        the card that went in was seen, and discarded."""
        self.card_in = present
        if not present:
            self.saw_out = True
            self.seen = False
        elif self.saw_out and not self.fresh:
            if not self.back and self.closing():  # seen through a window: this one goes to the discard
                self.seen = True
                self.store.discard()
                return True
            self.fresh = True
            self.back = 0
        return False

    def dealt(self, back=0):
        """The game moved to another printed card: the one in the slot is old
        until it has been out and a card is in again. back: an UNDO across a
        deal wants card number back in the slot again."""
        if not self.digital:
            self.fresh = False
            self.saw_out = not self.card_in
            self.back = back

    def must_pull(self):
        """At the reveal: the printed card is still to be pulled out and shown."""
        return self.card_in and not self.digital

    def blocked(self):
        """Why play waits for the card, or "" (at the reveal it is pulled)."""
        g = self.store.game
        if g is None or g.over():
            return ""
        b = self.back
        if b and self.card_in and not self.fresh:  # the new card, dealt then undone: never shown
            return UNSEEN if g.phase == P_REVEAL else lang.tr("Swap: put back card %d") % b
        if g.phase == P_REVEAL:
            return "Pull the card" if self.must_pull() else ""
        if self.seen and self.card_in:
            return "Seen: discard it, insert another"
        if not b and self.closing():  # a card put in now would be seen through the windows still closing
            return "Wait: closing"
        if not self.card_in:
            return lang.tr("Put back card %d") % b if b else "Insert the card" if self.fresh else "Insert next card"
        if not self.fresh:
            return "Swap the card"
        return ""

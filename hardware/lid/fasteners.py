"""The lid's and the seat pods' bought fasteners and glue, each named once, and how many a unit takes.

screws.py checks every screw where it goes, exploded.py's assembly steps use them, sourcing.py buys them:
all three read the names and counts here. Each screw's name is the BOM's Rating column. Plain Python (no
CAD import): the BOM is written without build123d.
"""

from collections import namedtuple

from . import pod
from .params import Lid

Screw = namedtuple("Screw", "name d length")  # d: the thread's diameter; length under the head (mm)

M3_FEET = Screw("ISO 7380 M3 x 16", 3.0, 16.0)  # top plate, lid and tray into a foot's insert
M3_POST = Screw("ISO 7380 M3 x 12", 3.0, 12.0)  # top plate and lid into a bay front post's insert
M3_BAY = Screw("ISO 7380 M3 x 10", 3.0, 10.0)  # the bay lid into a bay post's insert
M2_SWITCH = Screw("ISO 7045 M2 x 14", 2.0, 14.0)  # across the card switch's frame, a nut outside
ST_FRAME = Screw("ISO 7050 ST2.2 x 6.5", 2.2, 6.5)  # countersunk: its length counts from the head's top
ST_HORN = Screw("self-tapping 1.7 x 5", 1.7, 5.0)  # the horn's arm into the crank
ST_POD = Screw(*pod.SCREW)  # a seat pod's base plate into its bosses (pod.py states it)
SG90_TAB = Screw("SG90's own tab screw, 2 x 8", 2.0, 8.0)  # in the servo's bag: not bought apart

INSERT = "M3 x 5.7 x 4.6 mm brass"  # the heat-set insert, its Rating in the BOM
INSERT_LENGTH = 5.7
M2_NUT = 1.6  # ISO 4032 M2 nut thickness: bought with the M2 screws
GLUE = "cyanoacrylate, medium viscosity, 20 g"  # the yokes onto their posts, the pillars onto the top plate


def counts(p=None, servos=None):
    """{Screw: how many a unit takes}. servos: the board's servo count, if not one a window (a board with no
    servos has no shutters to drive: no horn screws, no tab screws)."""
    p = p or Lid()
    servos = len(p.cells()) if servos is None else servos
    feet = len(p.feet_xy())
    posts = sum(1 for _, y in p.screw_points()["lid"] if y > p.seam())  # the bay's front posts
    bay = len(p.screw_points()["bay_lid"])
    return {M3_FEET: feet, M3_POST: posts, M3_BAY: bay, M2_SWITCH: 2, ST_FRAME: 2, ST_HORN: 2 * servos,
            ST_POD: 4 * pod.SEATS, SG90_TAB: 2 * servos}


def inserts(p=None):
    """How many M3 heat-set inserts: one under every M3 screw (in the feet and the bay's posts)."""
    c = counts(p)
    return c[M3_FEET] + c[M3_POST] + c[M3_BAY]


def glue_joints(p=None):
    """{what: how many} the CA glue holds: a yoke on each post, two pillars under each servo."""
    n = len((p or Lid()).cells())
    return {"yoke": n, "pillar_front": n, "pillar_back": n}

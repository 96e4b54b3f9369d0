"""The exploded drawing and the assembly order with a picture per step, rendered from the lid's meshes.

    python -m hardware.lid.exploded   # (also run by `make hardware`) writes hardware/lid_exploded.png,
                                      # docs/hardware_assembly.md and its pictures
"""

import sys

from . import fasteners as F
from .params import HERE, Lid

EXPLODED = HERE.parent / "lid_exploded.png"
DOC = HERE.parents[1] / "docs" / "hardware_assembly.md"
PICTURES = HERE.parents[1] / "docs" / "hardware_assembly"
GREY = "#d0d0d0"

# How far each part is lifted in the exploded drawing (mm): the order it goes together, bottom to top.
LIFT = {"foot": -45, "switch_frame": -40, "card_switch": -25, "lever": -25, "base": 0, "bay": 0, "board": 35, "lid": 70,
        "shutter": 85, "top_plate": 100, "diffuser": 110, "pillar_front": 110, "pillar_back": 110, "yoke": 120,
        "sg90": 135, "oled": 150, "bay_lid": 160, "crank": 175, "horn": 185}

# (title, parts added, what to do, fasteners used {BOM rating: count}). The parts are assembly.json's,
# plus the stripboard as "board". The fasteners' names are fasteners.py's; their counts here are the guide's
# word, which tests/test_hardware_screws.py holds to fasteners.counts() (the BOM's, the screws screws.py checks).
M3L, M3S, M3 = F.M3_FEET.name, F.M3_POST.name, F.M3_BAY.name  # into the feet, the front posts, the bay lid's
INSERT, ST22, M2, ST_FRAME, ST_POD = F.INSERT, F.ST_HORN.name, F.M2_SWITCH.name, F.ST_FRAME.name, F.ST_POD.name


def _led_hops(p=None):
    """The LED chain's wire lengths in the maker's words, from its grooves (cables.pixel_runs)."""
    from . import cables
    first, hops = cables.pixel_runs(p)
    return (f"{first / 10:.0f} cm from J24 to LED 1, then "
            + ", ".join(f"{h / 10:.0f}" for h in hops) + " cm from each LED to the next")


def _seat_feed(p=None):
    """The wires from LED 12 to the bay, in the maker's words (cables.seat_feed)."""
    from . import cables
    return f"{cables.seat_feed(p) / 10:.0f} cm"


def _lead_hole(p=None):
    """Where a servo's lead goes down through the top plate, in the maker's words (params.lead_hole)."""
    p = p or Lid()
    x0, x1, y0, y1 = p.lead_hole()
    front, back = p.servo_y()
    size = f"{x1 - x0:.1f} × {y1 - y0:.1f} mm".replace(".0 ", " ")
    if y1 <= front:
        return (f"{size} hole in front of the servo: the lead leaves the body's back end at the top, runs "
                "forward over the body and hangs down past the front tab's end into the hole")
    if y0 >= back:
        return (f"{size} hole behind the servo: the lead leaves the body's back end above the tab and hangs "
                "down past the tab's end into the hole")
    raise ValueError("params.lead_hole: a hole beside the servo's body; say in exploded.py how the lead gets there")


STEPS = [
    ("Tray, feet and card switch", ["base", "foot", "card_switch", "lever", "switch_frame"],
     "Press an M3 heat-set insert into each of the four feet (soldering iron at about 220 °C, straight "
     "down). Solder two 20 cm 26 AWG wires to the KW11 lever switch's common and normally-open lugs and "
     "crimp a 2-pin XH housing on their other ends. Set the switch in its printed frame, lever up, and fix "
     "it with two M2 × 14 screws through the frame's side walls and the switch's holes, nuts outside. Hold "
     "the frame under the tray, the switch's body up in the opening near the end stop, its lever's hinge "
     "towards the slot's mouth, and screw it on from above with two ST2.2 × 6.5 countersunk screws down "
     "through the tray floor into the pilot holes in the frame's ends, heads flush with the floor. Slide a "
     "card in and press it down over the lever with a finger (the lid holds it down once it is on): the "
     "switch clicks. The feet stand under the tray's corners, loose until the lid's screws hold them "
     "(step 5): a strip of tape keeps each in place meanwhile.",
     {INSERT: 4, M2: 2, ST_FRAME: 2}),
    ("Electronics bay and board", ["bay", "board"],
     "Press six M3 inserts into the bay's corner posts (two in each front post, one in each back post). "
     "Fit the 5.5 × 2.1 mm jack in the back wall's round hole and tighten its nut; wire it to the board's "
     "screw terminal J2 with twisted 18 AWG (centre pin to VIN_RAW). Make the OLED's lead (4 × 26 AWG, "
     "under 30 cm, a 4-pin XH housing in the pin order hardware/README.md gives for J3). Do the bring-up's "
     "steps 1-4 (hardware/README.md) with the board beside the bay: the board on its own, then the Pico, "
     "then the adapter with the OLED plugged in loose (the pixels, buttons and servos come later). Lay "
     "the board in the bay, parts up, "
     "the Pico's USB socket at the back wall's rectangular hole, on the four 2 mm pads printed on the "
     "floor (under holes the layout keeps free; the bay lid's pillars hold it down in step 8).",
     {INSERT: 6}),
    ("Servos and LEDs on the top plate", ["top_plate", "pillar_front", "pillar_back", "sg90", "diffuser"],
     "Glue the 24 pillars onto the top plate first, a front and a back one behind and right of each window, "
     "each one's square peg in its square hole. A pillar's peg is flush with one face, its front: stand each "
     "pillar on its peg with that face towards the lid's front (the card slot's mouth) and its slab, the top "
     "with the screw hole, up. The wide front pillar then reaches back from its hole, its slab reaching left "
     "from its leg; the narrow back pillar, behind it, reaches back from its hole, its slab reaching right; "
     f"the two slabs' holes line up front to back, {Lid().servo.hole_spacing:g} mm apart. Put a drop of CA "
     "glue on the pillar's foot beside its peg, not down the hole (the holes open onto the shutters' channels "
     "and the leads' grooves below), "
     "press the pillar home and hold it a few seconds. Once the glue has set, set each SG90 upside down, "
     "shaft down and towards the front, between its two pillars, its tabs on their slabs, and fix it with "
     "the two screws from its bag down through its tabs into the slabs' holes. Push its plug down through "
     f"the {_lead_hole()}; leave a loop of about 3 cm above the plate. Cut the LED chain's wires (3 × 24 AWG: "
     f"+5V, data, GND) to {_led_hops()}, solder them DOUT to DIN in window order to the WS2812Bs on their "
     "10 mm carriers, and crimp a 3-pin XH housing on LED 1's input wires (J24's end). Solder three more to "
     f"LED 12's DOUT side, {_seat_feed()}: they carry the chain on to seat 1's light. Push each carrier's "
     "wires down through the round hole left of its window, lay the carrier over the hole and set its "
     "diffuser over it, each fixed with a dab of hot-melt glue.", {}),
    ("Leads in the lid, lid onto tray and bay", ["lid"],
     "Stand the tray and the bay side by side and lay the lid over the tray and onto the bay's front "
     "posts. Hold the top plate over it, servos up (rest its back edge on the bay, the leads hanging "
     "down), and lay each servo's lead into the lid's groove under its hole, then along its column's groove "
     "to the column's slot over the bay, under the clips' lips; the LED chain into the LED grooves, J24's "
     "lead down the left margin to the slot at the left, and the three wires from LED 12 along the row gap "
     "in front of it and down the left margin to the same slot. Push all the leads through their slots. "
     "Each SG90's own plug comes out in the bay: plug a 30 cm servo extension onto it there and the "
     "extension into its servo header, in window order (brown to the board's edge). Plug the LED chain "
     "into J24, and the card switch's lead, which comes into the bay through the front wall's opening "
     "under the tray, into J22.", {}),
    ("Shutters, top plate and yokes", ["shutter", "yoke"],
     "Lay the 12 shutters on the lid, post up, each over its window (the posts to the windows' right). "
     "Lower the top plate over them, each post up through its slot, and fix lid and top plate together "
     "with four M3 × 16 screws into the feet (through top plate, lid and tray) and two M3 × 12 screws into "
     "the bay's front posts. Each shutter now slides freely about 25 mm in its channel: push it by its "
     "post. Put a small drop of CA glue in each yoke's socket and press it onto its post until the post's "
     "top meets the socket's roof, its bar reaching left from the post over the shutter (the crank's pin "
     "will run in its slot) and clear of the top plate; keep the glue off the top plate's slot.",
     {M3L: 4, M3S: 2}),
    ("Cranks and horns", ["crank", "horn"],
     "Set every servo to its centre pulse, 1500 µs (hardware/README.md, bring-up step 5), then fit the "
     "cranks one window at a time. Screw the SG90's single-arm horn onto its crank with two 1.7 × 5 "
     "self-tapping screws down through the arm's holes (drill them out to 1.8 mm first: they are 1.0 mm). "
     "Take the servo's two tab screws out and lift it off its pillars, its lead still plugged in: on its "
     "pillars the crank rides just over the yoke and the top plate, and no screwdriver reaches the horn "
     "screw. Push the horn onto the servo's spline without turning the shaft (the servo is not holding it: "
     "its pulses stop once it has reached 1500 µs), the crank pointing straight left as the servo stands "
     "on its pillars (mark that side of the body before you lift it off), parallel to the yoke's bar, as "
     "near as the spline's teeth allow, and fix it with the servo's horn screw through the "
     "bore in the crank. Slide the shutter to half its stroke (12 mm back from closed), set the servo back on its pillars so that "
     "the crank's pin drops into the yoke's slot, and screw its tabs down again. Then calibrate each "
     "window's ends (bring-up step 6): the horns go on before calibration, never after. Open and close "
     "each window once from the same REPL (s.open(i); s.wait(); s.close(i); s.wait()): no part may touch "
     "another.", {ST22: 24}),
    ("Seat pods", ["seat_pod", "seat_pod_base", "seat_button", "seat_pixel"],
     "Six, one a seat (the picture shows one with its plate and cables drawn apart). Solder a 2 m 2-core "
     "cable to a 12 mm panel button's two lugs and heat-shrink over each joint (its XH housing goes on in "
     "the bay). Push the button into the pod's round hole from the top and tighten its "
     "nut inside. Press one of the six spare diffusers into the light's window from inside, open side in, "
     "and fix a WS2812B carrier into it with hot-melt glue, LED towards the window. Solder the lights' "
     "3-core cables (+5V, data, GND) to the carrier: the one from the seat before on its DIN side, the one "
     "to the next seat on its DOUT side (seat 6 has none), each at most 2 m (seat 1's at most 1.7 m: LED "
     "12's wires add 30 cm). Lay the cables in the end wall's three slots (light in, button, light out), "
     "tie them together to the anchor behind the slots with a cable tie through its tunnel, and screw the "
     "base plate on with four ST2.2 × 6.5 screws into the bosses. Pass the six button cables' free ends "
     "and seat 1's 3-core in through the slot in the bay's left wall, then crimp each button cable's 2-pin "
     "XH housing and solder the 3-core's end to the three wires from LED 12 that came through the lid's "
     "left slot, heat-shrink over each joint. Tie the cables with one cable tie through the anchor behind "
     "the slot, plug each button's housing into its seat's socket on the board, and coil the servo "
     "extensions' spare length beside the board.", {ST_POD: 24}),
    ("Bay lid: OLED and buttons", ["bay_lid", "oled"],
     "Fit the five 12 mm panel buttons in the bay lid's holes, left of the OLED (roll, next, ok in the "
     "back row; pass and undo in front), wire them to a 6-pin XH housing (roll, "
     "next, ok, pass, undo, common ground) and plug it into J23. Snap the OLED module into the four hooks "
     "under the bay lid, glass first, pins towards the back, and plug its lead (step 2) into J3. With the "
     "bay lid resting beside the bay, do the bring-up's step 7 (time a move: the meter on +5V_SERVO). "
     "Close the bay with four M3 × 10 screws: the bay lid's four pillars come down on the board over its "
     "pads and hold it there. Then run the bring-up's step 8, the self-test, which moves every shutter, "
     "lights every pixel and waits for each button.", {M3: 4}),
]


BELOW = (1, 8)  # the switch and feet under the tray; the OLED's hooks and the pillars under the bay lid
ALONE = (3, 8)  # the top plate's servos and LEDs go on at the bench; the bay lid's underside
# step: parts not drawn then (the top plate with its servos is held aside while the leads go into the lid)
HELD = {4: ("top_plate", "pillar_front", "pillar_back", "sg90", "diffuser")}


def _bodies():
    """{part name: [trimesh]} of every placed body, and the board as a box from the stripboard layout."""
    import trimesh

    from ..schematics import stripboard
    from . import checks
    asm = checks.load_assembly()
    meshes = checks.load_meshes({i["part"] for i in asm["instances"]})
    out = {}
    for label, mesh in checks.place(meshes, asm):
        out.setdefault(label.split()[0], []).append(mesh)
    x0, x1, y0, y1, z0, z1 = stripboard.in_bay(Lid())["board"]
    out["board"] = [trimesh.creation.box(bounds=[(x0, y0, z0), (x1, y1, z1 + 12)])]
    return out


def _frame(bodies, lifts):
    import numpy as np
    lo = np.min([m.bounds[0] + (0, 0, lifts.get(n, 0)) for n, ms in bodies.items() for m in ms], axis=0)
    hi = np.max([m.bounds[1] + (0, 0, lifts.get(n, 0)) for n, ms in bodies.items() for m in ms], axis=0)
    return lo, hi


def render_exploded(bodies, path=EXPLODED):
    from . import pictures
    shown = [(pictures.COLOURS[n], m.copy().apply_translation((0, 0, LIFT[n]))) for n, ms in bodies.items()
             if n in LIFT for m in ms]
    lo, hi = _frame({n: ms for n, ms in bodies.items() if n in LIFT}, LIFT)
    pictures.draw(path, shown, "Exploded: feet, switch, tray, bay, board, lid, shutters, top plate,\n"
                  "diffusers, pillars, yokes, servos, OLED, bay lid, cranks, horns", lo, hi, elev=18, azim=-62, size=(9, 10), zoom=1.0)


def render_step(bodies, n, path):
    from . import pictures
    done = {p for _, parts, _, _ in STEPS[:n] for p in parts}
    new = set(STEPS[n - 1][1])
    alone = n in ALONE  # what goes on under a part is shown with that part alone
    shown = [(pictures.COLOURS[p] if p in new else GREY, m) for p, ms in bodies.items()
             if (p in new if alone else p in done) and p not in HELD.get(n, ()) for m in ms]
    lo, hi = _frame({p: ms for p, ms in bodies.items() if (p in new if alone else p in LIFT)}, {})
    below = n in BELOW
    pictures.draw(path, shown, f"Step {n}: {STEPS[n - 1][0]}" + (" (seen from below)" if below else ""), lo, hi,
                  elev=-35 if below else 38, azim=-62, size=(7, 5.5), zoom=1.0)


def markdown():
    out = ["# Assembling the lid", "",
           "Generated by `make hardware` from the lid's meshes (`hardware/lid/exploded.py`). Parts and "
           "fasteners are in the BOM (`hardware/README.md`); print them as in "
           "[hardware_print.md](hardware_print.md). Nothing here has been built yet: the order is the "
           "model's.", "",
           "![Exploded drawing of the lid](../hardware/lid_exploded.png)", ""]
    for n, (title, parts, text, fasteners) in enumerate(STEPS, 1):
        out += [f"## {n}. {title}", "", text, ""]
        if fasteners:
            out += ["Fasteners: " + ", ".join(f"{v} × {k}" for k, v in fasteners.items()) + ".", ""]
        if parts:
            out += [f"![Step {n}](hardware_assembly/step{n}.png)", "",
                    f"New in this step (coloured): {', '.join(parts)}.", ""]
    return "\n".join(out)


def render_pod(n, path):
    """The seat pod's step: it is built apart from the lid (pod.py), its plate and cables drawn apart."""
    from . import checks, pod
    meshes = checks.load_meshes(pod.PARTS + pod.REFERENCE + ("diffuser",))
    pod.render(path, meshes, meshes["diffuser"], f"Step {n}: {STEPS[n - 1][0]} (seen from below)", elev=-50)


def main(argv=()):
    from . import pod
    bodies = _bodies()
    render_exploded(bodies)
    PICTURES.mkdir(exist_ok=True)
    for n, (_, parts, _, _) in enumerate(STEPS, 1):
        if parts and set(parts) <= set(pod.PARTS + pod.REFERENCE):
            render_pod(n, PICTURES / f"step{n}.png")
        elif parts:
            render_step(bodies, n, PICTURES / f"step{n}.png")
    DOC.write_text(markdown())
    print("written: hardware/lid_exploded.png, docs/hardware_assembly.md, docs/hardware_assembly/step*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

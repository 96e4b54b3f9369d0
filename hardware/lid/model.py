"""The lid as parametric CAD code (build123d), from params.toml.

World frame: the card lies in x 0..width (4 columns), y 0..height (3 rows),
the lid's top face is z = 0. Each window's parts (flap, SG90, LED diffuser)
are modelled once in the window's own frame (window centre at the origin)
and placed by translation, so the exported flap is the one you print 12 times.

A flap hangs on its servo's shaft, an axis along x behind the window's back
edge; it lifts its front edge to open. Closed, it rests `gap` above the lid,
held by the servo: nothing stops it, so a mis-calibrated servo cannot stall
against the lid. Parts: `base` (card tray with slot guides, end stop, finger
notch and card-switch slot, and the electronics bay with jack and USB holes),
`lid` (window grid, SG90 mounts, OLED window, button holes), `flap`,
`diffuser`; `sg90`, `card`, `card_switch` and its `lever` are reference
bodies for the checks.
"""

from build123d import Align, Box, Cylinder, Location, Plane, Polygon, Pos, Rot, extrude

from .params import Lid

C = (Align.CENTER, Align.CENTER, Align.MIN)
MIN = (Align.MIN, Align.MIN, Align.MIN)


def _box(x0, x1, y0, y1, z0, z1):
    return Pos(x0, y0, z0) * Box(x1 - x0, y1 - y0, z1 - z0, align=MIN)


def _x_cylinder(radius, x0, x1, y, z):
    """A cylinder along x from x0 to x1 through (y, z)."""
    return Pos(x0, y, z) * Rot(0, 90, 0) * Cylinder(radius, x1 - x0, align=C)


def flap(p: Lid):
    """One flap, closed, in its window's frame: the plate, the arm up to the hub on the servo shaft."""
    f = p.flap
    x0, x1 = p.flap_x()
    y0, y1 = p.flap_y()
    plate = _box(x0, x1, y0, y1, f.gap, f.gap + f.thickness)
    ya, za = p.axis()
    hub_r = p.hub_radius()
    xa = x1 - f.arm_width
    profile = Polygon((y1 - 8, f.gap), (ya, f.gap), (ya + hub_r, za), (ya, za + hub_r),
                      (y1 - 8, f.gap + f.thickness), align=None)
    arm = extrude(Plane.YZ.offset(xa) * profile, f.arm_width)
    hub = _x_cylinder(hub_r, xa, x1, ya, za)
    hole = _x_cylinder(p.servo.shaft_diameter / 2 + 0.3, xa - 1, x1 + 1, ya, za)
    return plate + arm + hub - hole


def sg90(p: Lid):
    """An SG90 lying with its shaft along +x on the flap axis (a reference body, not printed)."""
    s = p.servo
    length, width, height = s.body
    ya, za = p.axis()
    face = p.servo_face_x()
    z0 = s.lift
    body = _box(face - height, face, ya - width / 2, ya + width / 2, z0, z0 + length)
    tab_x = face - s.tab_from_top
    zc = z0 + length / 2
    tabs = _box(tab_x - s.tab_thickness, tab_x, ya - width / 2, ya + width / 2, zc - s.tab_span / 2,
                zc + s.tab_span / 2)
    dome = _x_cylinder(width / 2 - 0.3, face, face + s.dome, ya, za)
    shaft = _x_cylinder(s.shaft_diameter / 2, face + s.dome, p.flap_x()[1] - 0.2, ya, za)
    return body + tabs + dome + shaft


def servo_mount(p: Lid):
    """The plate the SG90's tabs screw to (M2), standing on the lid; printed with the lid."""
    s = p.servo
    length, width, _ = s.body
    ya, _ = p.axis()
    tab_x = p.servo_face_x() - s.tab_from_top - s.tab_thickness
    half = width / 2 + p.lid.wall
    zc = s.lift + length / 2
    plate = _box(tab_x - p.lid.wall, tab_x, ya - half, ya + half, 0, zc + s.tab_span / 2)
    cut = _box(tab_x - p.lid.wall - 1, tab_x + 1, ya - width / 2 - 0.2, ya + width / 2 + 0.2,
               s.lift - 0.2, s.lift + length + 0.2)
    holes = [_x_cylinder(1.0, tab_x - p.lid.wall - 1, tab_x + 1, ya, zc + dz)
             for dz in (-s.hole_spacing / 2, s.hole_spacing / 2)]
    for h in holes:
        plate -= h
    return plate - cut


def diffuser(p: Lid):
    """A cap over the WS2812B beside a window, printed in clear or white: hollow for the LED."""
    d = p.diffuser
    x, y = p.diffuser_xy()
    cap = Pos(x, y, 0) * Cylinder(d.diameter / 2, d.height, align=C)
    cavity = Pos(x, y, 0) * Cylinder(d.diameter / 2 - 1.0, d.height - 1.0, align=C)
    return cap - cavity


def lid(p: Lid):
    """The lid plate over card and bay: windows, servo mounts, OLED window and button holes."""
    (x0, x1), (y0, y1) = p.outline()
    plate = _box(x0, x1, y0, y1, -p.lid.thickness, 0)
    w = p.windows
    for cx, cy, _ in p.cells():
        plate -= _box(cx - w.width / 2, cx + w.width / 2, cy - w.height / 2, cy + w.height / 2,
                      -p.lid.thickness - 1, 1)
        plate += Pos(cx, cy, 0) * servo_mount(p)
    b = p.bay
    ow, oh = b.oled_window
    ox, by = p.card.width * 0.25, p.bay_centre_y()
    plate -= _box(ox - ow / 2, ox + ow / 2, by - oh / 2, by + oh / 2, -p.lid.thickness - 1, 1)
    for bx in p.button_xs():
        plate -= Pos(bx, by, -p.lid.thickness - 1) * Cylinder(b.button_diameter / 2, p.lid.thickness + 2, align=C)
    return plate


def base(p: Lid):
    """Card tray (slot, guides, end stop, finger notch, card-switch slot) and the electronics bay."""
    c, b, wall = p.card, p.bay, p.lid.wall
    (x0, x1), (y0, y1) = p.outline()
    top = -p.lid.thickness
    floor = top - p.pocket_depth() - wall
    tray = _box(x0, x1, y0, c.height + p.lid.margin, floor, top)
    # The slot: open at the front edge, guides at the sides, end stop at the back.
    tray -= _box(-c.clearance, c.width + c.clearance, y0 - 1, c.height + c.clearance,
                 top - p.pocket_depth(), top + 1)
    tray -= Pos(c.width / 2, y0, floor - 1) * Cylinder(c.finger_notch / 2, wall + p.pocket_depth() + 2, align=C)
    # The card switch's lever comes up through this slot, near the end stop.
    sx0, sx1, sy0, sy1 = _switch_box(p)
    tray -= _box(sx0, sx1, sy0, sy1, floor - 1, top)
    bay_y0 = c.height + p.lid.margin
    bay = _box(x0, x1, bay_y0, y1, top - b.height, top)
    bay -= _box(x0 + wall, x1 - wall, bay_y0 + wall, y1 - wall, top - b.height + wall, top + 1)
    # The wall shared with the tray is open at the top for the cables to the lid.
    bay -= _box(x0 + wall, x1 - wall, bay_y0 - 1, bay_y0 + wall + 1, top - 8, top + 1)
    zc = top - b.height / 2
    bay -= Pos(c.width * 0.2, y1 + 1, zc) * Rot(90, 0, 0) * Cylinder(b.jack_diameter / 2, wall + 2, align=C)
    uw, uh = b.usb
    bay -= _box(c.width * 0.6 - uw / 2, c.width * 0.6 + uw / 2, y1 - wall - 1, y1 + 1, zc - uh / 2, zc + uh / 2)
    # Feet at the front corners, down to the bay's floor: the device stands level, the switch clears the table.
    feet = [_box(x, x + 12, y0, y0 + 12, top - b.height, floor) for x in (x0, x1 - 12)]
    for foot in feet:
        tray += foot
    return tray + bay


def _switch_box(p: Lid):
    """(x0, x1, y0, y1) of the card switch's slot in the tray floor, near the end stop."""
    c = p.card
    return c.width / 2 - 3, c.width / 2 + 3, c.height - 16, c.height - 4


def card_switch(p: Lid):
    """Lever microswitch (KW11 size) screwed under the tray floor; its lever comes up the slot (reference)."""
    s = p.switch
    x0, x1, y0, y1 = _switch_box(p)
    xc, yc = (x0 + x1) / 2, (y0 + y1) / 2
    floor = -p.lid.thickness - p.pocket_depth() - p.lid.wall
    length, width, height = s.body
    return _box(xc - length / 2, xc + length / 2, yc - width / 2, yc + width / 2, floor - height, floor)


def switch_lever(p: Lid):
    """The switch's lever as a card holds it down: its top flush with the slot's floor (a reference body)."""
    x0, x1, y0, y1 = _switch_box(p)
    floor = -p.lid.thickness - p.pocket_depth()
    return _box(x0 + 1, x1 - 1, y0 + 2, y1 - 2, floor - p.lid.wall, floor)


def card(p: Lid):
    """The picture card in its slot (a reference body)."""
    c = p.card
    z0 = -p.lid.thickness - p.pocket_depth()
    return _box(0, c.width, 0, c.height, z0, z0 + c.thickness)


def parts(p: Lid):
    """{name: solid} of every distinct part, flap/sg90/diffuser in window 1's place."""
    first = Location(p.cells()[0])
    return {"base": base(p), "lid": lid(p), "flap": first * flap(p), "diffuser": first * diffuser(p),
            "sg90": first * sg90(p), "card": card(p), "card_switch": card_switch(p), "lever": switch_lever(p)}

"""Shaded pictures of meshes with matplotlib (no GPU): the assembly, the exploded view, the assembly steps."""

COLOURS = {"base": "#8d6e63", "foot": "#6d4c41", "bay": "#8d6e63", "lid": "#d7ccc8", "bay_lid": "#bcaaa4",
           "shutter": "#1f6fb2", "yoke": "#ef6c00", "crank": "#7b1fa2", "top_plate": "#efebe9", "pillar_front": "#efebe9", "pillar_back": "#efebe9", "sg90": "#37474f", "horn": "#fafafa", "diffuser": "#fff59d", "card": "#66bb6a",
           "card_switch": "#37474f", "lever": "#b0bec5", "board": "#2e7d32", "oled": "#263238", "switch_frame": "#a1887f"}


def draw(path, bodies, title, lo, hi, elev=38, azim=-62, size=(9, 7), zoom=1.2):
    """Write a PNG of bodies [(colour, trimesh)] seen from (elev, azim), framed by the box lo..hi."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    import trimesh
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    fig = plt.figure(figsize=size, dpi=110)
    ax = fig.add_subplot(projection="3d")
    light = np.array([0.3, -0.5, 0.8]) / np.linalg.norm([0.3, -0.5, 0.8])
    triangles, face_colours = [], []
    for colour, mesh in bodies:
        base = np.array(matplotlib.colors.to_rgb(colour))
        # Small faces: matplotlib sorts whole faces by their centres, long slivers sort wrong.
        verts, faces = trimesh.remesh.subdivide_to_size(mesh.vertices, mesh.faces, max_edge=6.0)
        mesh = trimesh.Trimesh(verts, faces, process=False)
        shade = 0.45 + 0.55 * np.clip(mesh.face_normals @ light, 0, 1)
        triangles.append(mesh.triangles)
        face_colours.append(base * shade[:, None])
    # One collection, so that matplotlib sorts every face by depth (it has no z-buffer).
    ax.add_collection3d(Poly3DCollection(np.concatenate(triangles), facecolors=np.concatenate(face_colours),
                                         linewidths=0, antialiased=False))
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_zlim(lo[2], hi[2])
    ax.view_init(elev=elev, azim=azim)
    ax.set_box_aspect((hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]), zoom=zoom)
    ax.set_axis_off()
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)

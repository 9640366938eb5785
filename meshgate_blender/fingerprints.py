"""Fingerprints of what the user may edit, taken at import and compared at export:
only a motion or a texture that changed is written back (an unedited MOT put back
is a new layout of the same motion, and an unedited texture would be encoded again)."""

import hashlib

import numpy


def action_fingerprint(action):
    digest = hashlib.sha256()
    for curve in sorted(action.fcurves, key=lambda c: (c.data_path, c.array_index)):
        points = numpy.zeros(len(curve.keyframe_points) * 2, dtype=numpy.float32)
        curve.keyframe_points.foreach_get("co", points)
        digest.update(f"{curve.data_path}[{curve.array_index}]".encode("utf-8"))
        digest.update(points.tobytes())
    return digest.hexdigest()


def image_fingerprint(image):
    pixels = numpy.zeros(len(image.pixels), dtype=numpy.float32)
    image.pixels.foreach_get(pixels)
    return hashlib.sha256(pixels.tobytes()).hexdigest()

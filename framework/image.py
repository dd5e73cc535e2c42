"""``tf.image``: resizing, crops, flips, colour adjustments, quality measures and boxes.

The ops live in ``framework.ops.image``; image decoding and encoding are in
``framework.io`` and re-exported here under TensorFlow's names.
"""
from .ops.image import *  # noqa: F401,F403
from .ops.image import __all__ as _ops_all


def __getattr__(name):
    # decode_* / encode_* live in framework.io (loaded on first use: zlib and files are not image math).
    if name in ('decode_png', 'decode_jpeg', 'decode_image', 'encode_png', 'encode_jpeg', 'is_jpeg',
                'extract_jpeg_shape', 'decode_bmp'):
        from . import io
        return getattr(io, name)
    raise AttributeError("module 'framework.image' has no attribute %r" % name)


__all__ = list(_ops_all)

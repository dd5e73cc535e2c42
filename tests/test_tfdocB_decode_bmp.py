"""tf.io.decode_bmp (and decode_image of a BMP) in pure numpy, as TF 2.21's DecodeBmp: 8/24/32-bit,
bottom-up or top-down rows, BGR(A) to RGB(A), channels 0 / 3 / 4. Golden values printed by TF 2.21
(tensorflow-cpu) for the same bytes: /work/notes/progs/tfdocB/bmp.py (25 of 25 lines equal)."""
import struct

import numpy as np
import pytest

import framework as tf

PIXELS = np.random.default_rng(0).integers(0, 256, (3, 5, 4)).astype(np.uint8)


def _bmp(pixels, bpp, top_down=False):
    h, w = pixels.shape[:2]
    stride = (w * bpp // 8 + 3) // 4 * 4
    data = b''
    for r in (range(h) if top_down else range(h - 1, -1, -1)):
        line = b''.join(bytes([p[2], p[1], p[0]]) if bpp == 24 else bytes([p[2], p[1], p[0], p[3]]) if bpp == 32
                        else bytes([p[0]]) for p in pixels[r])
        data += line + b'\0' * (stride - len(line))
    header = b'BM' + struct.pack('<IHHI', 54 + len(data), 0, 0, 54)
    return header + struct.pack('<IiiHHIIiiII', 40, w, -h if top_down else h, 1, bpp, 0, len(data), 2835, 2835, 0, 0) + data


@pytest.mark.parametrize('top_down', [False, True])
def test_decode_bmp_as_tensorflow(top_down):
    rgb = tf.io.decode_bmp(_bmp(PIXELS, 24, top_down))
    assert rgb.dtype == tf.uint8 and tuple(rgb.shape) == (3, 5, 3)
    assert rgb.numpy().ravel()[:12].tolist() == [217, 163, 130, 78, 10, 19, 44, 208, 166, 128, 155, 248]
    assert (rgb.numpy() == PIXELS[..., :3]).all()
    rgba = tf.io.decode_bmp(_bmp(PIXELS, 24, top_down), channels=4).numpy()
    assert (rgba[..., 3] == 255).all() and (rgba[..., :3] == PIXELS[..., :3]).all()
    assert (tf.io.decode_bmp(_bmp(PIXELS, 32, top_down)).numpy() == PIXELS).all()
    assert (tf.io.decode_bmp(_bmp(PIXELS, 32, top_down), channels=3).numpy() == PIXELS[..., :3]).all()
    gray = tf.io.decode_bmp(_bmp(PIXELS, 8, top_down))
    assert tuple(gray.shape) == (3, 5, 1) and gray.numpy().ravel()[:4].tolist() == [217, 78, 44, 128]
    assert tf.io.decode_bmp(_bmp(PIXELS, 8, top_down), channels=4).numpy()[0, 0].tolist() == [217, 217, 217, 255]


def test_decode_image_reads_bmp_and_refusals():
    assert (tf.io.decode_image(_bmp(PIXELS, 24)).numpy() == PIXELS[..., :3]).all()
    assert tf.image.decode_bmp is tf.io.decode_bmp
    with pytest.raises(tf.errors.InvalidArgumentError, match='`channels` must be 0, 3 or 4 for BMP, but got 1'):
        tf.io.decode_bmp(_bmp(PIXELS, 24), channels=1)
    with pytest.raises(tf.errors.InvalidArgumentError, match='Unknown image file format'):
        tf.io.decode_bmp(b'hello')
    with pytest.raises(tf.errors.InvalidArgumentError, match='Incomplete bmp content, requires at least 32 bytes'):
        tf.io.decode_bmp(b'BMxx')

"""keras.ops.sparse_plus computes (1/4) * tf.pow(x + 1, 2) as Keras 3.15 on TF 2.21 (Pow's kernel, eagerly):
tapeflow squared instead, and 4 of these 25 float32 values were an ulp off (Pow's exp/log route rounds
differently from x * x).

Goldens: /work/notes/progs/kerasops/g_spp.py run with TF 2.21.
"""
import numpy as np

import framework as tf


def test_sparse_plus_values():
    x = np.linspace(-1.2, 1.2, 25).astype('float32') * np.float32(0.97)
    assert [float(v).hex() for v in tf.keras.ops.sparse_plus(x).numpy()] == [
        '0x0.0p+0', '0x0.0p+0', '0x1.d7dbba0000000p-13', '0x1.0841e60000000p-8', '0x1.9b0aae0000000p-7',
        '0x1.a60e4e0000000p-6', '0x1.65d5b00000000p-5', '0x1.0f97240000000p-4', '0x1.7f88760000000p-4',
        '0x1.015f660000000p-3', '0x1.4c9d160000000p-3', '0x1.a17d4a0000000p-3', '0x1.0000000000000p-2',
        '0x1.34129c0000000p-2', '0x1.6cf67c0000000p-2', '0x1.aaab9a0000000p-2', '0x1.ed31fe0000000p-2',
        '0x1.1a44d00000000p-1', '0x1.4059420000000p-1', '0x1.68d6560000000p-1', '0x1.93bc0a0000000p-1',
        '0x1.c10a5e0000000p-1', '0x1.f0c1560000000p-1', '0x1.1126ea0000000p+0', '0x1.29fbe80000000p+0']

"""tf.math.angle of 33 to 256 complex values: the C library's atan2f (TF's std::arg), as TF 2.21.

Like atan2, angle followed the summation orders' size limit (32) instead of the elementwise kernels' (256),
so from 33 values on numpy's SIMD arctan2 answered and some float32 angles were an ulp off.

Goldens: /work/notes/progs/kerasops/g_angle.py run with TF 2.21.
"""
import numpy as np

import framework as tf


def test_sixty_complex64_angles():
    z = (np.sin(np.arange(60) * 1.7) * 3 + 1j * np.cos(np.arange(60) * 0.9) * 2).astype('complex64')
    assert [float(v).hex() for v in tf.math.angle(z).numpy()] == [
        '0x1.921fb60000000p+0', '0x1.95553a0000000p-2', '-0x1.4da2dc0000000p+1', '-0x1.4841ca0000000p+1',
        '-0x1.c29d1e0000000p-1', '-0x1.64c9380000000p-3', '0x1.4c852c0000000p+1', '0x1.28c4f80000000p+1',
        '0x1.c39fae0000000p-2', '-0x1.8dc5460000000p-2', '-0x1.49ff900000000p+1', '-0x1.d129e40000000p+0',
        '-0x1.07e8d60000000p-3', '0x1.d13b260000000p+0', '0x1.4531b40000000p+1', '0x1.ab8c600000000p-1',
        '-0x1.8e57e20000000p-3', '-0x1.2ac7d60000000p+1', '-0x1.3b3c020000000p+1', '-0x1.3780a80000000p-3',
        '0x1.634fa00000000p-1', '0x1.413f920000000p+1', '0x1.1c460e0000000p+1', '-0x1.7a02600000000p-3',
        '-0x1.813eda0000000p+0', '-0x1.4e6b7c0000000p+1', '-0x1.d8dee60000000p-2', '0x1.c7bebc0000000p-2',
        '0x1.1649fc0000000p+1', '0x1.5aecc00000000p+1', '-0x1.2195c40000000p-2', '-0x1.8663f80000000p-1',
        '-0x1.44f2f40000000p+1', '-0x1.7620ca0000000p+1', '0x1.cb35640000000p-2', '0x1.4b1fe60000000p+0',
        '0x1.64c9c20000000p+1', '-0x1.40316e0000000p+0', '-0x1.2259ee0000000p-1', '-0x1.0a95400000000p+1',
        '-0x1.85ffd80000000p+1', '0x1.664c3a0000000p-1', '0x1.70d7b00000000p-1', '0x1.58acb60000000p+1',
        '-0x1.633a7c0000000p+1', '-0x1.3a34a20000000p-1', '-0x1.09b2420000000p+0', '-0x1.886ece0000000p+1',
        '0x1.bdb8da0000000p+0', '0x1.2bb02e0000000p-1', '0x1.04b1100000000p+1', '-0x1.7440200000000p+1',
        '-0x1.f6f12c0000000p-1', '-0x1.2b51020000000p-1', '-0x1.858c520000000p+1', '0x1.435c400000000p+1',
        '0x1.5cda280000000p-1', '0x1.410e8c0000000p-1', '-0x1.725a8a0000000p+1', '-0x1.eaa3280000000p+0',
    ]

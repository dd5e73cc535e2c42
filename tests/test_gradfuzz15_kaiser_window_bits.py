"""tf.signal.kaiser_window / kaiser_bessel_derived_window and float32 bessel_i0e / i1e beyond |x| = 8 carry TF 2.21's
bits: Eigen's i0e / i1e multiply the far Chebyshev series by its packet prsqrt (VRSQRTPS's estimate and a Newton
step, framework/ops/eigen_rsqrt.py), which tapeflow took as the correctly rounded 1 / sqrt (kaiser_window(33): 8 of
33 values an ulp off); and the KBD window is TF's composition in the window's dtype (tapeflow summed a float64 Kaiser
window, then rounded: kaiser_bessel_derived_window(16) 8 of 16 values off). Literals printed by TF 2.21
(progs/gradfuzz15/t36.py; t33.py and t35.py compare more sizes, i0 / i1, gradients and edge values)."""
import numpy as np

import framework as tf

KAISER_33 = [
    '0x1.bab21e0000000p-15', '0x1.6c30080000000p-11', '0x1.86f9e20000000p-9', '0x1.2257fc0000000p-7',
    '0x1.5c9ffc0000000p-6', '0x1.6939320000000p-5', '0x1.4e67900000000p-4', '0x1.1a81dc0000000p-3',
    '0x1.b9b2960000000p-3', '0x1.42a05e0000000p-2', '0x1.bb70480000000p-2', '0x1.2031760000000p-1',
    '0x1.6397960000000p-1', '0x1.a1a7740000000p-1', '0x1.d3e3cc0000000p-1', '0x1.f4a0fe0000000p-1',
    '0x1.0000000000000p+0', '0x1.f4a0fe0000000p-1', '0x1.d3e3cc0000000p-1', '0x1.a1a7740000000p-1',
    '0x1.6397960000000p-1', '0x1.2031760000000p-1', '0x1.bb70480000000p-2', '0x1.42a05e0000000p-2',
    '0x1.b9b2960000000p-3', '0x1.1a81dc0000000p-3', '0x1.4e67900000000p-4', '0x1.6939320000000p-5',
    '0x1.5c9ffc0000000p-6', '0x1.2257fc0000000p-7', '0x1.86f9e20000000p-9', '0x1.6c30080000000p-11',
    '0x1.bab21e0000000p-15'
]
KBD_16 = [
    '0x1.195e180000000p-8', '0x1.618d580000000p-4', '0x1.269f040000000p-2', '0x1.240bf60000000p-1',
    '0x1.a489e20000000p-1', '0x1.ea59ba0000000p-1', '0x1.fe16d00000000p-1', '0x1.fffeca0000000p-1',
    '0x1.fffeca0000000p-1', '0x1.fe16d00000000p-1', '0x1.ea59ba0000000p-1', '0x1.a489e20000000p-1',
    '0x1.240bf60000000p-1', '0x1.269f040000000p-2', '0x1.618d580000000p-4', '0x1.195e180000000p-8'
]
I0E = [
    '0x1.0b5b880000000p-3', '0x1.e20baa0000000p-4', '0x1.1cacfc0000000p-3', '0x1.6fbd780000000p-4',
    '0x1.2b9b140000000p-4', '0x1.211ae00000000p-3', '0x1.05cd7a0000000p-3', '0x1.d308a80000000p-4',
    '0x1.a9928e0000000p-4', '0x1.0330160000000p-4', '0x1.f1aa300000000p-3'
]
I1E = [
    '0x1.fa0c6a0000000p-4', '0x1.cd0da80000000p-4', '-0x1.0b5d740000000p-3', '0x1.666cec0000000p-4',
    '0x1.2691bc0000000p-4', '0x1.0ef8a20000000p-3', '0x1.f0b1200000000p-4', '0x1.bff1c60000000p-4',
    '0x1.9b21f40000000p-4', '-0x1.ffdaba0000000p-5', '0x1.9319e80000000p-3'
]


def _hex(t):
    return [float(v).hex() for v in t.numpy().ravel()]


def test_kaiser_windows_are_tensorflows():
    assert _hex(tf.signal.kaiser_window(33)) == KAISER_33
    assert _hex(tf.signal.kaiser_bessel_derived_window(16)) == KBD_16


def test_scaled_bessel_functions_beyond_eight_are_tensorflows():
    x = tf.constant(np.array([9.6, 11.75, -8.5, 20.0, 30.0, 8.25, 10.0, 12.5, 15.0, -40.0, 3.0], np.float32))
    assert _hex(tf.math.bessel_i0e(x)) == I0E
    assert _hex(tf.math.bessel_i1e(x)) == I1E

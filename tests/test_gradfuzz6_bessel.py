"""bessel_i0e / i1e / i0 / i1 with TF 2.21's bits: float64 by Eigen's double Chebyshev series (bessel_float64.py;
tapeflow's quadrature was an ulp or two off for about three quarters of x, so were the gradients built on them),
and bessel_i1e's gradient with TF's reciprocal(x) (VRCPPS's estimate and a Newton step on packets of 8 float32,
where tapeflow divided). Bits printed by TF 2.21."""
import pytest

import framework as tf

# TF 2.21's bits on the AVX-512 Xeon the goldens were printed on (oneDNN's kernels and 16-lane vectors)
pytestmark = pytest.mark.usefixtures('xeon_cpu')

XS = [-9.5, -3.7, -1.2, -0.3, 0.0, 0.4, 1.1, 2.9, 7.9, 8.0, 12.5, 30.0]
TF = {
    ('float32', 'i0e'): (
        [
            '0x1.0ccd760000000p-3', '0x1.ba78240000000p-3', '0x1.addb600000000p-2', '0x1.83e1a60000000p-1',
            '0x1.0000000000000p+0', '0x1.6511e80000000p-1', '0x1.c408f40000000p-2', '0x1.fb675e0000000p-3',
            '0x1.27ab640000000p-3', '0x1.25bf920000000p-3', '0x1.d308ac0000000p-4', '0x1.2b9b140000000p-4',
        ],
        [
            '0x1.d228800000000p-8', '0x1.07e0980000000p-5', '0x1.a2de280000000p-3', '0x1.4a58180000000p-1',
            '0x0.0p+0', '-0x1.1f0c140000000p-1', '-0x1.d57b260000000p-3', '-0x1.913b400000000p-5',
            '-0x1.366bc00000000p-7', '-0x1.3063a00000000p-7', '-0x1.316e400000000p-8', '-0x1.4256000000000p-10',
        ],
    ),
    ('float32', 'i1e'): (
        [
            '-0x1.fc78640000000p-4', '-0x1.787ffe0000000p-3', '-0x1.b8d8980000000p-3', '-0x1.cc4c6c0000000p-4',
            '0x0.0p+0', '0x1.1817500000000p-3', '0x1.b296c20000000p-3', '0x1.97188e0000000p-3',
            '0x1.1444a80000000p-3', '0x1.12b9580000000p-3', '0x1.bff1c80000000p-4', '0x1.2691bc0000000p-4',
        ],
        [
            '-0x1.8636800000000p-8', '-0x1.1e4ca00000000p-6', '0x1.9bf8000000000p-6', '0x1.151b2e0000000p-2',
            '0x1.0000000000000p-1', '0x1.bff6080000000p-3', '0x1.2999d00000000p-5', '-0x1.408f700000000p-6',
            '-0x1.f238000000000p-8', '-0x1.ea1e400000000p-8', '-0x1.0bf0400000000p-8', '-0x1.3214000000000p-10',
        ],
    ),
    ('float32', 'i0'): (
        [
            '0x1.b65ec80000000p+10', '0x1.17a2c40000000p+3', '0x1.64cb380000000p+0', '0x1.05cae60000000p+0',
            '0x1.0000000000000p+0', '0x1.0a57c60000000p+0', '0x1.537f3e0000000p+0', '0x1.202d0c0000000p+2',
            '0x1.8568040000000p+8', '0x1.ab906e0000000p+8', '0x1.de115a0000000p+14', '0x1.6bfe960000000p+39',
        ],
        [
            '-0x1.9e9d000000000p+10', '-0x1.dbe3480000000p+2', '-0x1.6dea460000000p-1', '-0x1.36ab440000000p-3',
            '0x0.0p+0', '0x1.a1d8c40000000p-3', '0x1.4664f20000000p-1', '0x1.ce69f00000000p+1',
            '0x1.6bdaaa0000000p+8', '0x1.8fdf960000000p+8', '0x1.ca87020000000p+14', '0x1.65e0260000000p+39',
        ],
    ),
    ('float32', 'i1'): (
        [
            '-0x1.9e9d000000000p+10', '-0x1.dbe3480000000p+2', '-0x1.6dea460000000p-1', '-0x1.36ab440000000p-3',
            '0x0.0p+0', '0x1.a1d8c40000000p-3', '0x1.4664f20000000p-1', '0x1.ce69f00000000p+1',
            '0x1.6bdaaa0000000p+8', '0x1.8fdf960000000p+8', '0x1.ca87020000000p+14', '0x1.65e0260000000p+39',
        ],
        [
            '0x1.8aba0c0000000p+10', '0x1.aea73c0000000p+2', '0x1.98a88c0000000p-1', '0x1.08b1be0000000p-1',
            '0x1.0000000000000p+0', '0x1.0f88120000000p-1', '0x1.7e45a00000000p-1', '0x1.a0e61e0000000p+1',
            '0x1.57594c0000000p+8', '0x1.79947c0000000p+8', '0x1.b962b60000000p+14', '0x1.6010b60000000p+39',
        ],
    ),
    ('float64', 'i0e'): (
        [
            '0x1.0ccd76060c626p-3', '0x1.ba7821326f940p-3', '0x1.addb5a71e4a54p-2', '0x1.83e19b927c0bcp-1',
            '0x1.0000000000000p+0', '0x1.6511e5b56cdb4p-1', '0x1.c408f24226dbcp-2', '0x1.fb675b3d76c19p-3',
            '0x1.27ab63281c22cp-3', '0x1.25bf8fe241e6ap-3', '0x1.d308a8a113dd4p-4', '0x1.2b9b157f9e6a1p-4',
        ],
        [
            '0x1.d2288ee544cd0p-8', '0x1.07e09649edf0cp-5', '0x1.a2de1e49ad005p-3', '0x1.4a580e5afad5dp-1',
            '0x0.0p+0', '-0x1.1f0c1166220dcp-1', '-0x1.d57b221f2dc8ep-3', '-0x1.913b407cfe428p-5',
            '-0x1.366c57c989a10p-7', '-0x1.3064334b06a60p-7', '-0x1.316e3084cc5b0p-8', '-0x1.42562006d1e80p-10',
        ],
    ),
    ('float64', 'i1e'): (
        [
            '-0x1.fc78631dc477fp-4', '-0x1.787ffb9ff417dp-3', '-0x1.b8d8969a1c4a3p-3', '-0x1.cc4c69bc09af6p-4',
            '0x0.0p+0', '0x1.1817513d2b35fp-3', '0x1.b296c2651feeap-3', '0x1.97188b1e3730fp-3',
            '0x1.14449dab8388bp-3', '0x1.12b94cad917c4p-3', '0x1.bff1c598c7179p-4', '0x1.2691bcff83227p-4',
        ],
        [
            '-0x1.863668e113900p-8', '-0x1.1e4ca072f59e0p-6', '0x1.9bf7b0f4ab690p-6', '0x1.151b19ee98442p-2',
            '0x1.0000000000000p-1', '0x1.bff5fa7f9c304p-3', '0x1.2999c598a01c8p-5', '-0x1.408f68ba786c8p-6',
            '-0x1.f236c55dfe4c0p-8', '-0x1.ea1ccc2038a40p-8', '-0x1.0bf03d0b8ea50p-8', '-0x1.3213fbb3df740p-10',
        ],
    ),
    ('float64', 'i0'): (
        [
            '0x1.b65ec88c7e227p+10', '0x1.17a2c137d1ebep+3', '0x1.64cb332b744d2p+0', '0x1.05cae00ad35dap+0',
            '0x1.0000000000000p+0', '0x1.0a57c56d6008fp+0', '0x1.537f3bda4d9e3p+0', '0x1.202d08b8a043ap+2',
            '0x1.8568022e61c7bp+8', '0x1.ab9069e3504f9p+8', '0x1.de11573314013p+14', '0x1.6bfe996abff47p+39',
        ],
        [
            '-0x1.9e9cff39f433ep+10', '-0x1.dbe342565f479p+2', '-0x1.6dea4464484b7p-1', '-0x1.36ab428e8f8a2p-3',
            '0x0.0p+0', '0x1.a1d8c79b13cbep-3', '0x1.4664f127ddcd6p-1', '0x1.ce69e9c35ae95p+1',
            '0x1.6bda9c145b933p+8', '0x1.8fdf85e466079p+8', '0x1.ca86ffa22bccdp+14', '0x1.65e0288a35e9ep+39',
        ],
    ),
    ('float64', 'i1'): (
        [
            '-0x1.9e9cff39f433ep+10', '-0x1.dbe342565f479p+2', '-0x1.6dea4464484b7p-1', '-0x1.36ab428e8f8a2p-3',
            '0x0.0p+0', '0x1.a1d8c79b13cbep-3', '0x1.4664f127ddcd6p-1', '0x1.ce69e9c35ae95p+1',
            '0x1.6bda9c145b933p+8', '0x1.8fdf85e466079p+8', '0x1.ca86ffa22bccdp+14', '0x1.65e0288a35e9ep+39',
        ],
        [
            '0x1.8aba0bffa7cc2p+10', '0x1.aea73927dd1e6p+2', '0x1.98a882ae01b0bp-1', '0x1.08b1b3498472dp-1',
            '0x1.0000000000000p+0', '0x1.0f880e19d3b28p-1', '0x1.7e459c79176a7p-1', '0x1.a0e6191c3ba99p+1',
            '0x1.57594c6622571p+8', '0x1.79947926c38eap+8', '0x1.b962b3638b617p+14', '0x1.6010ba32f15b9p+39',
        ],
    ),
}


def test_values_and_gradients():
    for dtype in (tf.float32, tf.float64):
        x = tf.constant(XS, dtype)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            outs = [tf.math.bessel_i0e(x), tf.math.bessel_i1e(x), tf.math.bessel_i0(x), tf.math.bessel_i1(x)]
        for name, out in zip(('i0e', 'i1e', 'i0', 'i1'), outs):
            values = [float(v).hex() for v in out.numpy()]
            grads = [float(v).hex() for v in tape.gradient(out, x).numpy()]
            assert (values, grads) == TF[(dtype.name, name)], (dtype.name, name)

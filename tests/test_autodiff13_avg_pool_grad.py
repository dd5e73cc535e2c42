"""tf.nn.avg_pool2d's gradient is TF's AvgPoolGrad op, recorded with its own gradient (AvgPool of the incoming
gradient, TF's _AvgPoolGradGrad): forward mode and second derivatives through avg_pool2d / avg_pool1d /
AveragePooling2D work (tapeflow's raw-array rule gave jvp None and no Hessian). Bits printed by TF 2.21
(/opt/tfref) for /work/notes/progs/autodiff13/x_avg.py: x = sin(arange(50)).reshape(1, 5, 5, 2),
w = cos(arange(50)) likewise, y = sum(avg_pool2d(x, 2, 2, 'SAME') ** 2), z = sum(g * g * w), jvp along w.
"""
import numpy as np
import pytest

import framework as tf

TF = {
    ('float64', 'g'): (
        'bf95ed0c0be402c4 3fa9c6f2b11221ba bf95ed0c0be402c4 3fa9c6f2b11221ba bfa5584ae9cf448a bfb39e156de7546e '
        'bfa5584ae9cf448a bfb39e156de7546e 3fbe82f0e056c554 3fd1fbde654378fc bf95ed0c0be402c4 3fa9c6f2b11221ba '
        'bf95ed0c0be402c4 3fa9c6f2b11221ba bfa5584ae9cf448a bfb39e156de7546e bfa5584ae9cf448a bfb39e156de7546e '
        '3fbe82f0e056c554 3fd1fbde654378fc 3fadeb56fa0aae42 3fb2c30c08ad3ee2 3fadeb56fa0aae42 3fb2c30c08ad3ee2 '
        'bfb36206afaa52af bf9fb485e2e0d3e8 bfb36206afaa52af bf9fb485e2e0d3e8 3fd2271c92c657ba 3fc335d896ba7a06 '
        '3fadeb56fa0aae42 3fb2c30c08ad3ee2 3fadeb56fa0aae42 3fb2c30c08ad3ee2 bfb36206afaa52af bf9fb485e2e0d3e8 '
        'bfb36206afaa52af bf9fb485e2e0d3e8 3fd2271c92c657ba 3fc335d896ba7a06 bfb5f0b5c52643b4 bfdfb155e984c585 '
        'bfb5f0b5c52643b4 bfdfb155e984c585 3fdd6c76dd4f0633 3fdf2ee9a658f9e2 3fdd6c76dd4f0633 3fdf2ee9a658f9e2 '
        'bff8958accac4f81 bffe8524488267d7'),
    ('float64', 'h'): (
        'bf69d0141cedef43 3f77d3d5736fe9b0 bf69d0141cedef43 3f77d3d5736fe9b0 3f75f59dbad3b7d4 bf0b4070f39e2300 '
        '3f75f59dbad3b7d4 bf0b4070f39e2300 3faf6a67bf276320 3f96524642ae1ff0 bf69d0141cedef43 3f77d3d5736fe9b0 '
        'bf69d0141cedef43 3f77d3d5736fe9b0 3f75f59dbad3b7d4 bf0b4070f39e2300 3f75f59dbad3b7d4 bf0b4070f39e2300 '
        '3faf6a67bf276320 3f96524642ae1ff0 3f77bb53e564d27c bf6ae1ad842d4f12 3f77bb53e564d27c bf6ae1ad842d4f12 '
        'bf5d53b18ffeb650 bf71c7a199500fe9 bf5d53b18ffeb650 bf71c7a199500fe9 bf618064d8971900 bfb27f0bb6625198 '
        '3f77bb53e564d27c bf6ae1ad842d4f12 3f77bb53e564d27c bf6ae1ad842d4f12 bf5d53b18ffeb650 bf71c7a199500fe9 '
        'bf5d53b18ffeb650 bf71c7a199500fe9 bf618064d8971900 bfb27f0bb6625198 3fb7689967db2626 3fcb6596bb1124c6 '
        '3fb7689967db2626 3fcb6596bb1124c6 3fd0b3eb49d07492 bfcd20417454be2a 3fd0b3eb49d07492 bfcd20417454be2a '
        '400f798d01ec615b c0025924f08a2e14'),
    ('float64', 'jvp'): (
        '3fc2d61a4fb541c2 3fbd946505b213a1 bfc075edc0ee0905 3f4639f832741d80 3fd07960d184588b 3fa3dbe9bb534768 '
        '3fb961d4619f4d7f bfa6eca3c22f64a8 3f98355ec8219ec0 3fc1f1f52ab7a279 bf6eda1b84cc2500 bfcecf7f2bd619f7 '
        'bfe1121e3f202631 bfcba99723da9660 3fd22a508d8de080 bfcde38c82349f66 bfe47c0ffb57abe8 3fd33ce882333946'),
    ('float32', 'g'): (
        'bcaf6864 3d4e3794 bcaf6864 3d4e3794 bd2ac254 bd9cf0ab '
        'bd2ac254 bd9cf0ab 3df41788 3e8fdef3 bcaf6864 3d4e3794 '
        'bcaf6864 3d4e3794 bd2ac254 bd9cf0ab bd2ac254 bd9cf0ab '
        '3df41788 3e8fdef3 3d6f5aba 3d96185f 3d6f5aba 3d96185f '
        'bd9b1035 bcfda42c bd9b1035 bcfda42c 3e9138e4 3e19aec4 '
        '3d6f5aba 3d96185f 3d6f5aba 3d96185f bd9b1035 bcfda42c '
        'bd9b1035 bcfda42c 3e9138e4 3e19aec4 bdaf85b0 befd8ab0 '
        'bdaf85b0 befd8ab0 3eeb63b7 3ef9774d 3eeb63b7 3ef9774d '
        'bfc4ac56 bff42922'),
    ('float32', 'h'): (
        'bb4e80a4 3bbe9ea9 bb4e80a4 3bbe9ea9 3bafaceb b85a0400 '
        '3bafaceb b85a0400 3d7b5340 3cb29230 bb4e80a4 3bbe9ea9 '
        'bb4e80a4 3bbe9ea9 3bafaceb b85a0400 3bafaceb b85a0400 '
        '3d7b5340 3cb29230 3bbddaa0 bb570d75 3bbddaa0 bb570d75 '
        'baea9d7a bb8e3d0c baea9d7a bb8e3d0c bb0c0380 bd93f85d '
        '3bbddaa0 bb570d75 3bbddaa0 bb570d75 baea9d7a bb8e3d0c '
        'baea9d7a bb8e3d0c bb0c0380 bd93f85d 3dbb44cd 3e5b2cb6 '
        '3dbb44cd 3e5b2cb6 3e859f5b be69020e 3e859f5b be69020e '
        '407bcc68 c012c927'),
    ('float32', 'jvp'): (
        '3e16b0d2 3deca328 be03af6e 3a31d100 3e83cb06 3d1edf50 '
        '3dcb0ea4 bd376523 3cc1aaf4 3e0f8faa bb76d100 be767bfa '
        'bf0890f2 be5d4cb8 3e915284 be6f1c66 bf23e080 3e99e744'),
}


def _bits(a):
    a = np.asarray(a)
    return ' '.join(('%016x' if a.dtype == np.float64 else '%08x') % v
                    for v in a.reshape(-1).view(np.uint64 if a.dtype == np.float64 else np.uint32))


@pytest.mark.parametrize('dtype', ['float64', 'float32'])
def test_avg_pool2d_second_derivative_and_jvp_are_tensorflows_bits(dtype):
    x = tf.constant(np.sin(np.arange(50.0)).reshape(1, 5, 5, 2), dtype)
    w = tf.constant(np.cos(np.arange(50.0)).reshape(1, 5, 5, 2), dtype)
    pool = lambda z: tf.nn.avg_pool2d(z, 2, 2, 'SAME')     # noqa: E731
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(pool(x) ** 2)
        g = inner.gradient(y, x)
        z = tf.reduce_sum(g * g * w)
    h = outer.gradient(z, x)
    with tf.autodiff.ForwardAccumulator(x, w) as acc:
        out = pool(x)
    assert _bits(g.numpy()) == TF[(dtype, 'g')]
    assert _bits(h.numpy()) == TF[(dtype, 'h')]
    assert _bits(acc.jvp(out).numpy()) == TF[(dtype, 'jvp')]


def test_avg_pool_gradients_of_gradients_match_central_differences():
    from framework.gradient_check import check_gradients
    x = np.random.default_rng(2).standard_normal((1, 5, 4, 2))

    def first(z):
        with tf.GradientTape() as tape:
            tape.watch(z)
            y = tf.reduce_sum(tf.nn.avg_pool2d(z, 3, 2, 'SAME') ** 3)
        return tape.gradient(y, z)
    assert check_gradients(first, [x]) < 1e-6

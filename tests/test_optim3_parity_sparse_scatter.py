"""IndexedSlices gradients that Keras 3 on TF 2.21 scatters into a variable row by row.

Keras's ``assign_sub`` / ``assign_add`` of an IndexedSlices is TensorFlow's scatter_sub / scatter_add:
a repeated index gets its rows one after another, each rounded on its own, where the dense step
adds their sum once. SGD without momentum, Adagrad, RMSprop and Adadelta take such steps, and SGD's momentum
sums the rows only after scaling them by the learning rate (and scale the rows
before they meet the dense moments); the last bit of a repeated row differed.

Golden values: /opt/tfref (TF 2.21, Keras 3.15.1) running the same five steps (indices 1, 1, 4, 1, 2)
and printing ``v.numpy().tobytes().hex()`` (float32, little-endian, shape (6, 3)).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers
MAKE = {'sgd': lambda: O.SGD(0.1), 'sgd_mom': lambda: O.SGD(0.1, momentum=0.9),
        'sgd_nest': lambda: O.SGD(0.1, momentum=0.9, nesterov=True), 'adagrad': lambda: O.Adagrad(0.1),
        'rmsprop': lambda: O.RMSprop(0.01), 'rms_mc': lambda: O.RMSprop(0.01, momentum=0.5, centered=True),
        'rms_m': lambda: O.RMSprop(0.01, momentum=0.5), 'adadelta': lambda: O.Adadelta(1.0),
        'adam': lambda: O.Adam(0.01), 'nadam': lambda: O.Nadam(0.01)}
ORDER = ['sgd', 'sgd_mom', 'adagrad', 'rmsprop', 'rms_mc', 'rms_m', 'adam', 'lion', 'nadam', 'adadelta', 'ftrl',
         'adamax', 'sgd_nest']     # the generating program's order: each draws its variable and rows from one generator

GOLDEN = {
    'sgd_nest': ('00bae53eef79c13d7b23743ff06b1bbe22e2b53fc46283bec0b4253ea57e0f3f1a09f6bf475c673f94840c3e8e1bfe3e'
        '7872b13f1fad32bf5fe018bfe327af3dd3e4433f4473be3d'),
    'adadelta': ('c8e573bf2cf38bbedcd8ab3d3efa9ebff406a53fb80de7bd92dc3f3fc30e183f0ef9a63f256d933f3cafc1bfc7a49d3b'
        '6cb50ac0023af5beebff2d3f0dd8603f5e7da03f85d4d2be'),
    'sgd': ('69f0b03e9155523f0c2fa93efde58ebfc1f26d3f7422f63e5cdf70bf6a9c2b3fe876353f8998963ec3d5e83c62f50b3f'
        'a38f2dbf1012863df3b8c9befc4d193fa6b3223de4bc95be'),
    'sgd_mom': ('bc8784be9522873fff0d10c0bce7fdbe4146bf3e96645e3f1aec163e381aa2bf88ddaa3f369b00bea04d2b3f11039c3f'
        '0045e73eab713bbf4fa4d6bfe46ee03f29ede3bdcb4530bf'),
    'adagrad': ('5a9647bf2d22b23d6e01c7bf25afdb3d7a3869bec892c33f0a467f3fc93924c020a0aa3e2d09cfbf9e088e3ff2232c3e'
        'a4fa1f3f6d2958bf95b1ee3fe24801406b4a88bfa0e1be3e'),
    'rmsprop': ('507e203f0bfa5a3f5c5fe6bebb1c92be1102f43e93a455bfa96abb3e26da873e2d4731bf6530b2bf370567beac1b60bf'
        '27a48b3fbb0f4b3d30bc4b3f55da093efa9a863e9e7248bf'),
    'rms_mc': ('624e09bfe8abaa3ff272adbfa3d1a8bf5444f53e01c9953f7f821fbfe800d03e284e193e5e66c23f6206c7bad9807d3f'
        'b2d087bffa8e5ebef3e18cbd4ace913f8561143fe57240bf'),
    'rms_m': ('adc5873e436abb3c48ea6dbefe6aaabe4e19bc3d8c5de23e40c242bf10e2afbd99a2c1bffd86853e37a41f3fc7e3273e'
        'b3e0ce3e68b61f3f153435bf39c974bec9cb023fcb3d803f'),
    'adam': ('dc1e55bd1c20753e40473bbf5e7d6c3fe305873f1e39793fb3a803bfd22c033da1031fbe05f0e43f4802383eb3e7f0bf'
        '2e0cb63ec500f23fa691393f9525613ffbb4133d7e56fcbf'),
    'nadam': ('a7d6733ffbe1103f517a973fad481a3ec3eaa4bf0049bdbe54c799bf9c14f23ee9ea993f9ad6a13e2cce1cbf7443c4be'
        '86a73b3ede7eb8bf39840c3edee63b3e146c0fbfdf39debe'),
}


def _five_steps(name):
    rng = np.random.default_rng(1)
    for other in ORDER[:ORDER.index(name)]:     # skip the draws of the optimizers before this one
        rng.normal(size=(6, 3))
        for _ in range(5):
            rng.normal(size=(5, 3))
    v = keras.Variable(rng.normal(size=(6, 3)).astype('float32'))
    opt = MAKE[name]()
    for _ in range(5):
        ids = np.array([1, 1, 4, 1, 2], 'int32')
        rows = rng.normal(size=(5, 3)).astype('float32')
        opt.apply_gradients([(tf.IndexedSlices(tf.constant(rows), tf.constant(ids), tf.constant([6, 3])), v)])
    return v.numpy()


@pytest.mark.parametrize('name', sorted(MAKE))
def test_repeated_rows_carry_tensorflows_bits(name):
    assert _five_steps(name).tobytes().hex() == GOLDEN[name]


def test_lion_scales_rows_before_summing_them_into_its_momentum():
    # Golden: the same eight steps on TF 2.21, printing opt.variables[2] (the momentum) as hex.
    rng = np.random.default_rng(0)
    v = keras.Variable(rng.normal(size=(6, 3)).astype('float32'))
    opt = keras.optimizers.Lion(0.01, beta_1=0.7)
    for _ in range(8):
        ids = np.array([1, 1, 4, 1, 2, 2], 'int32')
        rows = (rng.normal(size=(6, 3)) * 1e-3).astype('float32')
        opt.apply_gradients([(tf.IndexedSlices(tf.constant(rows), tf.constant(ids), tf.constant([6, 3])), v)])
    assert opt.variables[2].numpy().tobytes().hex() == ('000000000000000000000000246c7fb8c2270437ea3f8638d84e88b85f9d0d383dc43f38000000000000000000000000'
                  '77cfdd37a3e88f37c4bfcf36000000000000000000000000')


def test_nadam_scales_rows_in_its_gradient_term_before_summing_them():
    # Golden: the same eight steps on TF 2.21, printing v.numpy().tobytes().hex().
    rng = np.random.default_rng(0)
    v = keras.Variable(rng.normal(size=(6, 3)).astype('float32'))
    opt = keras.optimizers.Nadam(0.01)
    for _ in range(8):
        ids = np.array([1, 1, 4, 1, 2, 2], 'int32')
        rows = (rng.normal(size=(6, 3)) * 1e-3).astype('float32')
        opt.apply_gradients([(tf.IndexedSlices(tf.constant(rows), tf.constant(ids), tf.constant([6, 3])), v)])
    assert v.numpy().tobytes().hex() == ('6cbf003e7f4607bebdf2233f7b21ff3d9ccb09bfbd89a23e37b8a93fdfe76b3f989b41bf55f9a1bfea8e1fbf6e45293d'
                  'e9c116c01d0078be569b9fbfe0753bbf8f540bbf18f2a1be')

"""SGD on a gradient that comes out of a product with a scalar, in a returning traced step, as TF 2.21.

loss_scale_factor's and gradient accumulation's ``1 / n`` (a division by a constant, a product in a
graph) and global_clipnorm's scale multiply the gradient; SGD then multiplies it by the rate, and
grappler's MinimizeBroadcasts takes the two scalars first: ``g * (lr * s)`` (plain, momentum and
Nesterov alike). Other optimizers (Adam, RMSprop, Adagrad, ...) meet the gradient otherwise and keep
``(g * s)`` (checked: 13 option sets). Eagerly, and in a tf.function that returns None, the gradient
is scaled first (tapeflow scaled it first everywhere: up to 1e-6 relative after 25 steps).

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref) running 9 steps inside
``tf.function(lambda gs: opt.apply_gradients(...))``, variables as ``tobytes().hex()``
(/work/notes/progs/optim5/gold10.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

OPTIMIZERS = {
    'global_clipnorm': lambda: keras.optimizers.SGD(0.05, global_clipnorm=1.5),
    'global_clipnorm_nesterov': lambda: keras.optimizers.SGD(0.05, momentum=0.9, nesterov=True, global_clipnorm=1.5),
    'accumulation': lambda: keras.optimizers.SGD(0.05, gradient_accumulation_steps=3),
    'loss_scale_factor_momentum': lambda: keras.optimizers.SGD(0.05, momentum=0.9, loss_scale_factor=3.0),
}

GOLDEN = {
    'global_clipnorm': [
        '8f8a623c3126ad3f13fe933fe1b709bf0c6a83be2ea21fbf3af4123f0232143d2b3e363f017dedbf45fac13f8efaca3c',
        '3a984e3fdb1e1ebeb147b2be1393d63e40f33e3f',
    ],
    'global_clipnorm_nesterov': [
        'e732b6bdb24dac3fb5ea753ff1a727bf1734183db43666bfe21c0b3feed4d73e64321f3f9a38e8bf2378b73ff182003f',
        '4ee09b3f4f5fb1be52bb57be47edab3e1c22db3e',
    ],
    'accumulation': [
        '607d793c184cae3fc2528e3f47be0bbf225480be283337bf7c50173f53a1b83dd8c42e3f2ce2f0bf9289bb3f11f9c73d',
        '6f1c623fb2d518bedeb4acbe3d8ec33e6cd1323f',
    ],
    'loss_scale_factor_momentum': [
        'a056cfbddf0fb23f52b6633fd2c72bbfd4f2313e18cb8ebf321b103f8cf01d3fb5ca133fa042edbf85a7ae3f3ad2423f',
        '73feb53f4fc6e5bec28425be92528b3ef2317f3e',
    ],
}


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_sgd_merges_the_gradients_scale_with_its_rate(name):
    rng = np.random.default_rng(11)
    shapes = [(3, 4), (5,)]
    init = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    grads = [[(rng.standard_normal(s) * 2).astype(np.float32) for s in shapes] for t in range(9)]
    variables = [tf.Variable(a) for a in init]
    opt = OPTIMIZERS[name]()
    step = tf.function(lambda gs: opt.apply_gradients(zip(gs, variables)))
    for gs in grads:
        step([tf.constant(g) for g in gs])
    assert [np.asarray(v.numpy()).tobytes().hex() for v in variables] == GOLDEN[name]


def test_the_deferred_scale_is_gone_after_the_step():
    opt = keras.optimizers.SGD(0.05, global_clipnorm=1.5)
    variable = tf.Variable(np.ones(3, np.float32))
    tf.function(lambda g: opt.apply_gradients([(g, variable)]))(tf.constant([3.0, 4.0, 0.0]))
    assert opt._gradient_scale is None

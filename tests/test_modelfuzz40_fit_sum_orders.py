"""Sums whose order a Keras fit step (a traced step on a None batch) takes from grappler, as TF 2.21 does.

1. ``keras.regularizers.l1_l2`` on a Dense kernel: in a graph each op reads the variable anew and grappler
   sorts the AddN of the reads' gradients by op name, 'gradient_tape/Abs/..' and '../Square/..' before the
   layer's '../sequential/dense/MatMul/..': the two penalties' gradients add first, the layer's last (tapeflow
   added them in read order, layer first: the first kernel drifted an ulp from the first step).
2. A one-input model's ``Add`` / ``Average`` of a tensor and a BatchNormalization output: grappler's
   AddOpsRewrite regroups ``h + (x * inv + shift)`` as ``(h + x * inv) + shift`` in fit too, since its
   symbolic shapes give both terms the input's batch axis (tapeflow regrouped on fixed shapes only; a
   two-input model's batch axes are two unknowns, and there TF keeps Keras's order).
Values: TensorFlow 2.21 (notes progs/modelfuzz pin.py and fuzz program p1060; t_l1l2.py, t_sym.py).
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

PENALTY_LOSS = [
    '0x1.53b2f00000000p+0', '0x1.3655240000000p+0',
]
PENALTY_KERNEL = [
    '0x1.116e5c0000000p-1', '-0x1.27c52e0000000p-3', '-0x1.2c1f5e0000000p-1', '0x1.53aa3c0000000p-4',
    '-0x1.a6fa9a0000000p-2', '-0x1.3521a60000000p-3', '-0x1.ba0ec20000000p-4', '-0x1.1230440000000p-4',
    '0x1.19db400000000p-1', '0x1.13326a0000000p-3', '0x1.d362f40000000p-3', '-0x1.475c480000000p-1',
]
AVERAGE_PREDICTIONS = [
    '-0x1.9351d00000000p-2', '-0x1.79b13c0000000p-2', '-0x1.ae47de0000000p-1', '-0x1.0784000000000p-1',
    '0x1.55d73e0000000p-1', '0x1.8f8c740000000p-2', '0x1.2cc7d20000000p+0', '0x1.11c0740000000p-1',
    '-0x1.f0bf260000000p+0', '-0x1.42a6f80000000p+0', '-0x1.19e7900000000p+1', '-0x1.0c32920000000p+1',
]


def _hex(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_l1_l2_penalties_gradients_add_before_the_layers_in_fit():
    keras.utils.set_random_seed(1027)
    rng = np.random.RandomState(1027)
    x = rng.normal(size=(48, 4)).astype('float32')
    y = np.eye(3, dtype='float32')[rng.randint(0, 3, 48)]
    model = keras.Sequential([keras.Input(shape=(4,)),
                              keras.layers.Dense(3, kernel_regularizer=keras.regularizers.l1_l2(l1=0.001, l2=0.01)),
                              keras.layers.Dense(3)])
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.005, momentum=0.5),
                  loss=keras.losses.CategoricalCrossentropy(from_logits=True))
    hist = model.fit(x, y, epochs=2, batch_size=16, shuffle=False, verbose=0)
    assert _hex(hist.history['loss']) == PENALTY_LOSS
    assert _hex(model.layers[0].kernel.numpy()) == PENALTY_KERNEL


def test_one_input_models_average_of_a_batch_normalization_output_regroups_in_fit():
    keras.backend.clear_session()
    keras.utils.set_random_seed(1060)
    rng = np.random.RandomState(1060)
    x = rng.normal(size=(64, 4)).astype('float32')
    y = (np.abs(x.sum(1)) * 2).astype('int64') % 4
    inp = keras.Input(shape=(4,))
    h = keras.layers.Dense(3)(inp)
    b = keras.layers.Dense(3, activation='relu')(h)
    b = keras.layers.BatchNormalization()(b)
    outp = keras.layers.Dense(4)(keras.layers.Average()([h, b]))
    model = keras.Model(inp, outp)
    model.compile(optimizer=keras.optimizers.Adam(0.01, clipnorm=1.0),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=['sparse_categorical_accuracy'])
    hist = model.fit(x, y, epochs=2, batch_size=32, validation_split=0.2, verbose=0)
    assert _hex(hist.history['val_loss']) == ['0x1.4ec6780000000p+0', '0x1.523d600000000p+0']
    assert _hex(model.predict(x[:3], verbose=0)) == AVERAGE_PREDICTIONS
    assert float(np.asarray(model.weights[0].numpy(), 'float64').sum()).hex() == '0x1.fa732ea800000p+0'

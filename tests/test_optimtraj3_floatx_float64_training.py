"""After keras.config.set_floatx('float64') a model's losses, metrics and data are float64, as in Keras
3.15 (values printed by TF 2.21 / Keras 3.15; probes /work/notes/progs/optimtraj/floatx2.py, floatx4.py).

Keras gives a loss or metric made without a dtype ``backend.floatx()`` and casts floating input data
to floatx. tapeflow fixed float32 for all three: a float64 model trained on float32 roundings of its
data, its loss tracker kept float32, and evaluate / History printed float32 values
(0x1.0f90a6805de81p+2 where TF prints 0x1.0f90a69e5150ep+2).
"""
import numpy as np

import framework as tf
from framework import keras


def test_losses_and_metrics_take_floatx(float64_floatx):
    mean = keras.metrics.Mean()
    assert mean.dtype == 'float64' and [v.dtype for v in mean.variables] == ['float64', 'float64']
    assert keras.metrics.MeanSquaredError().dtype == 'float64'
    assert keras.losses.MeanSquaredError().dtype == 'float64'
    mean.update_state(tf.constant(4.2431, dtype='float64'), sample_weight=8)
    assert float(mean.result()).hex() == '0x1.0f8ef34d6a162p+2'


def test_evaluate_on_float64_data(float64_floatx):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(3)])
    model.compile('sgd', 'mse', metrics=['mae'])
    x = np.random.RandomState(0).randn(8, 5)
    loss = model.evaluate(x, np.ones((8, 3)), verbose=0, batch_size=8, return_dict=True)['loss']
    assert float(loss).hex() == '0x1.0f90a69e5150ep+2'
    assert [[v.dtype for v in m.variables] for m in model.metrics] == [['float64', 'float64'], ['float64', 'float64']]


def test_float32_stays_the_default():
    assert keras.metrics.Mean().dtype == 'float32' and keras.losses.MeanSquaredError().dtype == 'float32'

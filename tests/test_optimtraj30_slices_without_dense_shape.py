"""An IndexedSlices built without a dense_shape, given to an optimizer, as TF 2.21's Keras 3 takes it.

Keras 3 converts the rows to a dense tensor where its update first meets a dense operand, and TensorFlow
refuses that conversion without the dense shape, its text showing the slices as converted: Adam's plain rows,
RMSprop's (1 - rho) * g**2, Lion's (1 - beta_1) * g, Adafactor's g**2, clipped rows, global_clipnorm's
squares. Plain SGD and Adagrad scatter the rows and train; gradient accumulation refuses them inside its
ops.cond; LossScaleOptimizer's finiteness check refuses them first. Goldens:
/work/notes/progs/optimtraj30/g1_slices.py (and p6_slices_noshape.py, p9_slices_more.py) under TF 2.21.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ROWS = [[0.5, -0.25], [1.5, 2.0]]
START = ['0x0.0p+0', '0x1.24924a0000000p-3', '0x1.24924a0000000p-2', '0x1.b6db6e0000000p-2',
         '0x1.24924a0000000p-1', '0x1.6db6dc0000000p-1']
REFUSAL = ('Tensor conversion requested for IndexedSlices for argument `value` without dense_shape: '
           'IndexedSlices(indices=tf.Tensor([2 2], shape=(2,), dtype=int32), values=tf.Tensor(\n%s, '
           'shape=(2, 2), dtype=float32))')
PLAIN = '[[ 0.5  -0.25]\n [ 1.5   2.  ]]'
SQUARES = '[[0.25   0.0625]\n [2.25   4.    ]]'


def _variable():
    return tf.Variable(np.arange(6, dtype='float32').reshape(3, 2) / 7.0)


def _apply(opt, variable, traced=False):
    def step():
        opt.apply_gradients([(tf.IndexedSlices(tf.constant(ROWS), tf.constant([2, 2])), variable)])
    (tf.function(step) if traced else step)()


def _hexes(variable):
    return [float(x).hex() for x in variable.numpy().ravel()]


@pytest.mark.parametrize('name, kwargs, shown', [
    ('Adam', {}, PLAIN),
    ('RMSprop', {}, '[[0.025      0.00625   ]\n [0.22500001 0.4       ]]'),
    ('Adadelta', {}, '[[0.0125   0.003125]\n [0.1125   0.2     ]]'),
    ('Lion', {}, '[[ 0.05000001 -0.02500001]\n [ 0.15000004  0.20000005]]'),
    ('Adafactor', {}, SQUARES),
    ('ScheduleFreeAdamW', {}, SQUARES),
    ('SGD', {'momentum': 0.9}, '[[ 0.05  -0.025]\n [ 0.15   0.2  ]]'),
    ('Adam', {'clipnorm': 0.1}, '[[ 0.019518 -0.009759]\n [ 0.058554  0.078072]]'),
    ('Adam', {'clipvalue': 0.1}, '[[ 0.1 -0.1]\n [ 0.1  0.1]]'),
    ('Adagrad', {'global_clipnorm': 0.1}, SQUARES),
])
def test_conversion_refused_showing_the_rows_keras_converts(name, kwargs, shown):
    opt = getattr(keras.optimizers, name)(learning_rate=0.1, **kwargs)
    variable = _variable()
    with pytest.raises(ValueError) as caught:
        _apply(opt, variable)
    assert str(caught.value) == REFUSAL % shown
    assert _hexes(variable) == START and int(opt.iterations.numpy()) == 0


def test_weight_decay_already_applied_when_the_update_refuses():
    opt = keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5)
    variable = _variable()
    with pytest.raises(ValueError, match='without dense_shape'):
        _apply(opt, variable)
    assert _hexes(variable) == ['0x0.0p+0', '0x1.15f1600000000p-3', '0x1.15f1600000000p-2', '0x1.a0ea0e0000000p-2',
                                '0x1.15f1600000000p-1', '0x1.5b6db80000000p-1']
    assert int(opt.iterations.numpy()) == 0


@pytest.mark.parametrize('name, kwargs, trained', [
    ('SGD', {}, ['0x1.7c57c60000000p-2', '0x1.141d420000000p-1']),
    ('Adagrad', {}, ['0x1.ca21a00000000p-2', '0x1.41cc280000000p-1']),
    ('SGD', {'clipnorm': 0.1}, ['0x1.2092fc0000000p-1', '0x1.6a37780000000p-1']),
])
def test_scattering_optimizers_train_on_the_rows(name, kwargs, trained):
    opt = getattr(keras.optimizers, name)(learning_rate=0.1, **kwargs)
    variable = _variable()
    _apply(opt, variable)
    assert _hexes(variable) == START[:4] + trained
    assert int(opt.iterations.numpy()) == 1


def test_traced_adagrad_meets_the_union_branch():
    # tf.cond traces Keras's union-of-indices division too, which reads dense_shape[0]
    opt = keras.optimizers.Adagrad(learning_rate=0.1)
    variable = _variable()
    with pytest.raises(TypeError, match="'NoneType' object is not subscriptable"):
        _apply(opt, variable, traced=True)
    assert _hexes(variable) == START


def test_accumulation_refuses_inside_its_cond():
    opt = keras.optimizers.Adam(learning_rate=0.1, gradient_accumulation_steps=2)
    variable = _variable()
    with pytest.raises(ValueError) as caught:
        _apply(opt, variable)
    text = str(caught.value)
    assert text.startswith('Exception encountered when calling Cond.call().\n\n\x1b[1m' + REFUSAL % PLAIN + '\x1b[0m')
    assert "Arguments received by Cond.call():\n  • args=('tf.Tensor(shape=(), dtype=bool)'" in text
    assert _hexes(variable) == START


@pytest.mark.parametrize('traced, text', [
    (False, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (True, "Tried to convert 'dims' to a tensor and failed. Error: None values not supported."),
])
def test_loss_scale_optimizer_refuses_in_its_finiteness_check(traced, text):
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(learning_rate=0.1))
    variable = _variable()
    with pytest.raises(ValueError) as caught:
        _apply(opt, variable, traced=traced)
    assert str(caught.value).strip().splitlines()[-1].strip().endswith(text)
    assert _hexes(variable) == START and opt.built


def test_convert_to_tensor_words():
    with pytest.raises(ValueError) as caught:
        tf.convert_to_tensor(tf.IndexedSlices(tf.constant([[0.5, -0.25]]), tf.constant([1])))
    assert str(caught.value) == ('Tensor conversion requested for IndexedSlices for argument `value` without '
                                 'dense_shape: IndexedSlices(indices=tf.Tensor([1], shape=(1,), dtype=int32), '
                                 'values=tf.Tensor([[ 0.5  -0.25]], shape=(1, 2), dtype=float32))')

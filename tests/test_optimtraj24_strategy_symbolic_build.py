"""fit / evaluate of a model made under a distribution strategy build it before the callbacks, as Keras 3's
_maybe_symbolic_build on TF 2.21: the model on the first batch's shapes, its compiled metrics, then the optimizer.
tapeflow built an unbuilt model (and so its optimizer) at the first step, and the compiled metrics always there:
on_train_begin saw 'False False 2' and compile_metrics with 0 variables. Goldens: TF 2.21 printed them
(notes/progs/optimtraj24/p10_symb.py, p11_strat.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(16, dtype='f').reshape(8, 2) / 10
Y = np.arange(8, dtype='f').reshape(8, 1) / 10


class Sub(keras.Model):
    def __init__(self):
        super().__init__()
        self.d = keras.layers.Dense(1)

    def call(self, x):
        return self.d(x)


def _model(kind):
    with tf.distribute.MirroredStrategy().scope():
        if kind == 'seq':
            model = keras.Sequential([keras.layers.Dense(3), keras.layers.Dense(1)])
        else:
            model = Sub()
        opt = keras.optimizers.Adam(0.1)
    model.compile(opt, 'mse', metrics=['mae', keras.metrics.MeanSquaredError(name='m2')])
    return model, opt


class _Seen(keras.callbacks.Callback):
    def __init__(self, opt):
        super().__init__()
        self.opt, self.rows = opt, []

    def _row(self):
        self.rows.append((self.opt.built, self.model.built, len(self.opt.variables),
                          [(m.name, len(m.variables)) for m in self.model.metrics], len(self.model.weights)))

    def on_train_begin(self, logs=None):
        self._row()

    def on_test_begin(self, logs=None):
        self._row()


# TF 2.21: Adam's 2 + 2 per weight; mae's and m2's total / count
_BEGIN = {'seq': (True, True, 10, [('loss', 2), ('compile_metrics', 4)], 4),
          'sub': (True, True, 6, [('loss', 2), ('compile_metrics', 4)], 2)}


@pytest.mark.parametrize('kind', ['seq', 'sub'])
@pytest.mark.parametrize('data', ['numpy', 'dataset'])
@pytest.mark.parametrize('call', ['fit', 'evaluate'])
def test_unbuilt_model_under_strategy_is_built_before_callbacks(kind, data, call):
    keras.utils.set_random_seed(1)
    model, opt = _model(kind)
    seen = _Seen(opt)
    given = (X, Y) if data == 'numpy' else (tf.data.Dataset.from_tensor_slices((X, Y)).batch(2),)
    kw = dict(batch_size=2) if data == 'numpy' else {}
    if call == 'fit':
        model.fit(*given, **kw, epochs=1, verbose=0, callbacks=[seen], shuffle=False)
    else:
        model.evaluate(*given, **kw, verbose=0, callbacks=[seen])
    assert seen.rows == [_BEGIN[kind]]
    # evaluate alone leaves the optimizer built, its slots zero (TF 2.21)
    assert opt.built and len(opt.variables) == _BEGIN[kind][2]
    if call == 'evaluate':
        assert int(opt.iterations.numpy()) == 0 and all(not v.numpy().any() for v in opt.variables[2:])


def test_numpy_built_sequential_takes_the_first_batch_shape(same_as_tf):
    # (a guard) TF 2.21 builds it symbolically on the first batch: its input is (2, 2), not (None, 2); fit's
    # trajectory is the one of a model built at its first step
    keras.utils.set_random_seed(1)
    model, opt = _model('seq')
    history = model.fit(X, Y, batch_size=2, epochs=1, verbose=0, shuffle=False)
    assert tuple(model.layers[0].input.shape) == (2, 2)
    same_as_tf(history.history['loss'], [float.fromhex('0x1.38da8ep-7')], measured_on='avx2')
    assert int(opt.iterations.numpy()) == 4


@pytest.mark.parametrize('call, built, count', [('test_on_batch', True, 6), ('train_on_batch', True, 6)])
def test_on_batch_under_strategy_builds_from_the_batch(call, built, count):
    # TF 2.21: test_on_batch of an unbuilt Sequential made under MirroredStrategy leaves Adam built (6 variables)
    # and its slots zero; tapeflow's stayed unbuilt (2)
    with tf.distribute.MirroredStrategy().scope():
        model = keras.Sequential([keras.layers.Dense(1)])
        opt = keras.optimizers.Adam(0.1)
    model.compile(opt, 'mse', metrics=['mae'])
    getattr(model, call)(np.ones((4, 2), 'f'), np.ones((4, 1), 'f'))
    assert (opt.built, len(opt.variables)) == (built, count)
    assert int(opt.iterations.numpy()) == (call == 'train_on_batch')


@pytest.mark.parametrize('call', ['test_on_batch', 'fit', 'evaluate_dataset'])
def test_no_targets_under_strategy_refused_before_the_optimizer_build(call):
    # TF 2.21: Keras's symbolic build fails on the compiled loss's y None ('None values not supported.') after
    # building the model and before building the optimizer
    with tf.distribute.MirroredStrategy().scope():
        model = keras.Sequential([keras.layers.Dense(1)])
        opt = keras.optimizers.SGD(0.1)
    model.compile(opt, 'mse', metrics=['mae'])
    x = np.ones((4, 2), 'f')
    with pytest.raises(ValueError, match='^None values not supported.'):
        if call == 'test_on_batch':
            model.test_on_batch(x)
        elif call == 'fit':
            model.fit(x, None, verbose=0)
        else:
            model.evaluate(tf.data.Dataset.from_tensor_slices(x).batch(2), verbose=0)
    assert model.built and not opt.built

"""fit / evaluate on a from_generator dataset given output_types only (an element_spec of unknown rank).

TF 2.21 + Keras 3 traces the step on the element_spec and refuses it (printed by /work/notes/progs/data12/p9.py,
p10.py under /opt/tfref/bin/python): a built Sequential wraps 'Cannot take the length of shape with unknown rank.'
in its 'Exception encountered when calling Sequential.call().' frame, other models say 'as_list() is not defined
on an unknown TensorShape.', an unknown-rank target alone fails in the loss with the first sentence; predict and
run_eagerly=True run on the batches. tapeflow crashed in its own code ('Cannot take the length ...' from its
batch-size check) for every model, and trained with run_eagerly=True / a target of unknown rank.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _gen():
    for i in range(6):
        yield np.full((3,), i, 'float32'), np.float32(i)


def _unknown(shapes=None):
    return tf.data.Dataset.from_generator(_gen, output_types=(tf.float32, tf.float32), output_shapes=shapes).batch(4)


def _compiled(model, run_eagerly=False):
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse', metrics=['mae'], run_eagerly=run_eagerly)
    return model


def _sequential(run_eagerly=False):
    keras.utils.set_random_seed(1)
    return _compiled(keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation='elu'),
                                       keras.layers.Dense(1)]), run_eagerly)


def _functional():
    keras.utils.set_random_seed(1)
    inputs = keras.Input((3,))
    return _compiled(keras.Model(inputs, keras.layers.Dense(1)(inputs)))


def test_built_sequential_wraps_the_length_error_in_its_call_frame():
    with pytest.raises(ValueError) as fit_error:
        _sequential().fit(_unknown(), epochs=1, verbose=0)
    assert str(fit_error.value) == (
        'Exception encountered when calling Sequential.call().\n\n\x1b[1mCannot take the length of shape with '
        'unknown rank.\x1b[0m\n\nArguments received by Sequential.call():\n  \u2022 inputs=tf.Tensor('
        'shape=<unknown>, dtype=float32)\n  \u2022 training=True\n  \u2022 mask=None\n'
        "  \u2022 kwargs=<class 'inspect._empty'>")
    with pytest.raises(ValueError, match=r'training=False'):
        _sequential().evaluate(_unknown(), verbose=0)


def test_other_models_fail_in_as_list():
    for model in (_functional(), _compiled(keras.Sequential([keras.layers.Dense(1)]))):
        with pytest.raises(ValueError, match=r'^as_list\(\) is not defined on an unknown TensorShape\.$'):
            model.fit(_unknown(), epochs=1, verbose=0)


def test_unknown_rank_target_fails_in_the_loss():
    with pytest.raises(ValueError, match=r'^Cannot take the length of shape with unknown rank\.$'):
        _functional().fit(_unknown(((3,), None)), epochs=1, verbose=0)


def test_callbacks_begin_before_the_refusal():
    seen = []

    class Seen(keras.callbacks.Callback):
        def on_train_begin(self, logs=None):
            seen.append('train')

        def on_epoch_begin(self, epoch, logs=None):
            seen.append(epoch)
    with pytest.raises(ValueError):
        _sequential().fit(_unknown(), epochs=2, verbose=0, callbacks=[Seen()])
    assert seen == ['train', 0]


def test_predict_and_eager_steps_run_on_the_batches():
    assert _sequential().predict(_unknown(), verbose=0).shape == (6, 1)
    history = _sequential(run_eagerly=True).fit(_unknown(), epochs=2, verbose=0)
    # TF 2.21: {'loss': [7.283825, 1.767994], 'mae': [2.279805, 1.134079]}
    assert {k: [round(float(v), 6) for v in vs] for k, vs in history.history.items()} == {
        'loss': [7.283825, 1.767994], 'mae': [2.279805, 1.134079]}
    assert np.allclose(_sequential(run_eagerly=True).evaluate(_unknown(), verbose=0),
                       [9.239920616149902, 2.5149688720703125], rtol=0, atol=1e-6)

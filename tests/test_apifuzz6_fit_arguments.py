"""fit/evaluate/compile arguments that TensorFlow 2.21 + Keras 3 take (or refuse) differently than
tapeflow did. Expected values come from the same programs run under TF 2.21
(/work/notes/progs/apifuzz6/p/f1.py and the fuzzer's fit|*, evaluate|*, cb|* cases)."""
import numpy as np
import pytest

import framework as tf
from framework import keras
from layers.callbacks import CallbackList

rs = np.random.RandomState(0)
X = rs.rand(8, 3).astype('float32')
Y = rs.rand(8, 1).astype('float32')


def compiled():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def batches():
    return tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)


@pytest.mark.parametrize('steps', [-1, -5])
def test_negative_steps_on_a_dataset_mean_all_of_it(steps):
    # TF 2.21: the same losses as steps=None ([0.230299, 0.224489] and 0.231759 for this model)
    full = compiled().fit(batches(), epochs=2, verbose=0).history['loss']
    assert compiled().fit(batches(), steps_per_epoch=steps, epochs=2, verbose=0).history['loss'] == full
    assert compiled().evaluate(batches(), steps=steps, verbose=0) == compiled().evaluate(batches(), verbose=0)


def test_negative_steps_on_arrays_still_refused():
    with pytest.raises(ValueError):      # TF: 'Invalid value in tensor used for shape: -8'
        compiled().fit(X, Y, steps_per_epoch=-1, verbose=0)


def test_epochs_true_is_one_epoch():
    history = compiled().fit(X, Y, epochs=True, verbose=0)       # TF: range(True), one epoch
    assert history.epoch == [0] and len(history.history['loss']) == 1


def test_callbacks_dict_is_flattened_in_key_order():
    seen = []

    class Named(keras.callbacks.Callback):
        def __init__(self, tag):
            super().__init__()
            self.tag = tag

        def on_epoch_end(self, epoch, logs=None):
            seen.append(self.tag)
    compiled().fit(X, Y, verbose=0, callbacks={'b': Named('b'), 'a': Named('a')})
    assert seen == ['a', 'b']       # TF 2.21 prints 'cb a' then 'cb b'


@pytest.mark.parametrize('callbacks', [3, [3], [None], [lambda *a: None]])
def test_a_non_callback_fails_as_tf_attribute_error(callbacks):
    # TF 2.21: AttributeError "'int' object has no attribute 'set_model'"; tapeflow's error is also a TypeError
    with pytest.raises(AttributeError, match="object has no attribute 'set_model'"):
        compiled().fit(X, Y, verbose=0, callbacks=callbacks)
    with pytest.raises(TypeError, match='keras.callbacks.Callback'):
        compiled().evaluate(X, Y, verbose=0, callbacks=callbacks)


def test_callback_list_of_non_callbacks_builds_without_a_model():
    assert len(CallbackList([3]).callbacks) == 1          # TF 2.21 builds it too


def test_steps_per_execution_of_another_type_is_a_type_error():
    # TF 2.21 (at fit): TypeError "'str' object cannot be interpreted as an integer"
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    with pytest.raises(TypeError, match="^'str' object cannot be interpreted as an integer"):
        model.compile('sgd', 'mse', steps_per_execution='a')


def _split_history(split):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    history = model.fit(X, Y, validation_split=split, epochs=2, shuffle=False, verbose=0).history
    return {k: [round(v, 6) for v in values] for k, values in history.items()}


def test_validation_split_above_one_cuts_as_keras():
    # TF 2.21 (p/vs.py): 1.5 of 8 samples trains on the first 4 and validates on the last 4
    assert _split_history(1.5) == {'loss': [0.222745, 0.219874], 'val_loss': [0.237854, 0.235167]}
    with pytest.warns(UserWarning, match='ran out of data'):      # 2.5: no training samples at all
        assert _split_history(2.5) == {'val_loss': [0.231759, 0.231759]}


@pytest.mark.parametrize('split', [-0.1, 1.0])
def test_validation_split_leaving_a_part_empty_is_keras_value_error(split):
    with pytest.raises(ValueError) as caught:
        _split_history(split)
    assert str(caught.value) == ('Training data contains 8 samples, which is not sufficient to split it into a '
                                 'validation and training set as specified by `validation_split=%s`. Either '
                                 'provide more data, or a different value for the `validation_split` argument.'
                                 % split)


def test_validation_split_of_a_string_is_the_arithmetic_type_error():
    with pytest.raises(TypeError, match=r"^unsupported operand type\(s\) for -: 'float' and 'str'"):
        _split_history('a')


@pytest.mark.parametrize('shape', [None, 3, 'a', (None, 'a'), [(None, 3), (None, 3)], (None, -1), (None, 3.5)])
def test_sequential_build_without_a_single_shape_builds_nothing(shape):
    # TF 2.21 (p/sb.py, p/sb2.py): no error and no weights; the layers build on the first batch
    model = keras.Sequential([keras.layers.Dense(2)])
    model.build(shape) if shape is not None else model.build()
    assert model.weights == []
    model.compile('sgd', 'mse')
    assert list(model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0).history) == ['loss']
    assert len(model.weights) == 2


def _stacked_history(loss, **options):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', loss, **options)
    history = model.fit(X, Y, epochs=2, verbose=0).history
    return {k: [round(v, 6) for v in values] for k, values in history.items()}


@pytest.mark.parametrize('loss, options', [
    (['mse', 'mae'], {}), (('mse', 'mae'), {}), (['mse', 'mae', 'mse'], {}),
    (['mse', 'mae'], dict(loss_weights=[1.0, 2.0])),
])
def test_several_losses_for_one_output_count_the_first_as_keras(loss, options):
    # TF 2.21 (p/ml.py): only the first loss (and first weight) counts; each name logs a tracker left at 0.0
    assert _stacked_history(loss, **options) == {'loss': [0.231759, 0.22863], 'mae_loss': [0.0, 0.0],
                                                 'mse_loss': [0.0, 0.0]}
    assert _stacked_history('mse')['loss'] == [0.231759, 0.22863]


def test_several_losses_for_one_output_keep_keras_errors():
    with pytest.raises(TypeError, match="^object of type 'float' has no len"):
        _stacked_history(['mse', 'mae'], loss_weights=2.0)
    with pytest.raises(AttributeError, match="'NoneType' object has no attribute 'loss'"):
        _stacked_history(['mse', None])


@pytest.mark.parametrize('options', [dict(loss='msx'), dict(loss=3), dict(loss='mse', metrics=['nope']),
                                     dict(loss='mse', metrics=[None])])
def test_compile_takes_identifiers_it_cannot_interpret_and_fit_refuses_them(options):
    # TF 2.21 (p/ci.py): compile succeeds; fit / evaluate / train_on_batch raise Keras's ValueError each time
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', **options)
    for _ in range(2):
        with pytest.raises(ValueError, match=r'^(Could not interpret (loss|metric) identifier|Expected metric, '
                                             r'received `None`)'):
            model.fit(X, Y, verbose=0)
    assert model.predict(X, verbose=0).shape == (8, 1)

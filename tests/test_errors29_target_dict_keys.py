"""A dict of targets keyed otherwise than the model's outputs (probe notes/progs/errors29 j9 / j10). Keras 3
packs the dict into the outputs' flat order by iterating it, so with as many keys as outputs the keys stand
as the targets and the first loss computed converts its key, to that loss's dtype (floatx, or a Loss's own);
another count is the 'different structures' ValueError. Texts from TF 2.21."""
import numpy as np
import pytest

from framework import keras

layers = keras.layers
X = np.ones((4, 3), 'float32')


def _list_outputs(first_dtype=None):
    inputs = keras.Input((3,))
    return keras.Model(inputs, [layers.Dense(1, name='o1', dtype=first_dtype)(inputs),
                                layers.Dense(2, name='o2')(inputs)])


def _dict_outputs(names=('o1', 'o2')):
    inputs = keras.Input((3,))
    return keras.Model(inputs, {names[0]: layers.Dense(1)(inputs), names[1]: layers.Dense(2)(inputs)})


def _f64():
    return keras.losses.MeanSquaredError(dtype='float64')


@pytest.mark.parametrize('call', ['fit', 'evaluate', 'train_on_batch'])
def test_list_outputs_with_targets_keyed_otherwise_convert_the_first_key(call):
    keras.backend.clear_session()
    model = _list_outputs()
    model.compile('adam', ['mse', 'mse'])
    y = {'o1': np.ones((4, 1)), 'oX': np.ones((4, 2))}
    kwargs = {} if call == 'train_on_batch' else {'verbose': 0}
    with pytest.raises(TypeError) as caught:
        getattr(model, call)(X, y, **kwargs)
    assert str(caught.value) == "Expected float32, but got o1 of type 'str'."
    assert int(model.optimizer.iterations.numpy()) == 0


@pytest.mark.parametrize('y, y_true_text', [
    ({'o1': 1, 'o2': 1, 'o3': 1}, "{'o1': '*', 'o2': '*', 'o3': '*'}"),
    ({'o1': 1}, "{'o1': '*'}"),
])
def test_list_outputs_with_another_count_of_keyed_targets_is_the_structure_error(y, y_true_text):
    keras.backend.clear_session()
    model = _list_outputs()
    model.compile('adam', ['mse', 'mse'])
    y = {key: np.ones((4, 1)) for key in y}
    with pytest.raises(ValueError) as caught:
        model.fit(X, y, verbose=0)
    assert str(caught.value) == ('y_true and y_pred have different structures.\ny_true: %s\ny_pred: [\'*\', \'*\']\n'
                                 % y_true_text)


def test_list_outputs_with_one_keyed_target_for_the_one_loss_trains():
    # Keras spreads the targets over the losses that are not None, whatever their keys (TF: no error)
    keras.backend.clear_session()
    model = _list_outputs()
    model.compile('adam', ['mse', None])
    history = model.fit(X, {'oX': np.ones((4, 1))}, verbose=0)
    assert sorted(history.history) == ['loss']


@pytest.mark.parametrize('loss, key, dtype', [
    ('mse', 'b', 'float32'),
    (_f64, 'b', 'float64'),
    ('none_then_f64', 'a', 'float64'),
    ('mse_then_f64', 'b', 'float32'),
])
def test_the_key_and_dtype_come_from_the_first_loss_computed(loss, key, dtype):
    keras.backend.clear_session()
    losses = {'none_then_f64': lambda: [None, _f64()], 'mse_then_f64': lambda: ['mse', _f64()]}
    loss = losses[loss]() if loss in losses else loss() if callable(loss) else loss
    model = _list_outputs()
    model.compile('adam', loss)
    with pytest.raises(TypeError) as caught:
        model.fit(X, {'b': np.ones((4, 1)), 'a': np.ones((4, 2))}, verbose=0)
    assert str(caught.value) == "Expected %s, but got %s of type 'str'." % (dtype, key)


def test_a_float64_output_does_not_change_the_loss_dtype():
    keras.backend.clear_session()
    model = _list_outputs(first_dtype='float64')
    model.compile('adam', 'mse')
    with pytest.raises(TypeError) as caught:
        model.fit(X, {'b': np.ones((4, 1)), 'a': np.ones((4, 2))}, verbose=0)
    assert str(caught.value) == "Expected float32, but got b of type 'str'."


@pytest.mark.parametrize('names, loss, key, dtype', [
    (('o1', 'o2'), 'loss_dict_o2_first', 'a', 'float32'),
    (('o1', 'o2'), 'f64_o2_only', 'a', 'float64'),
    (('z', 'a'), 'f64_single', 'c', 'float64'),
    (('z', 'a'), 'f64_a_first', 'b', 'float64'),
])
def test_dict_outputs_pick_the_key_by_the_first_loss_in_keras_order(names, loss, key, dtype):
    keras.backend.clear_session()
    loss = {'loss_dict_o2_first': lambda: {'o2': 'mse', 'o1': 'mse'},
            'f64_o2_only': lambda: {'o2': _f64()},
            'f64_single': _f64,
            'f64_a_first': lambda: {'a': _f64(), 'z': 'mse'}}[loss]()
    model = _dict_outputs(names)
    model.compile('adam', loss)
    with pytest.raises(TypeError) as caught:
        model.fit(X, {'b': np.ones((4, 1)), 'c' if names[0] == 'z' else 'a': np.ones((4, 2))}, verbose=0)
    assert str(caught.value) == "Expected %s, but got %s of type 'str'." % (dtype, key)


def test_a_mixed_precision_policy_leaves_the_loss_in_floatx():
    keras.backend.clear_session()
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = _dict_outputs()
        model.compile('adam', 'mse')
        with pytest.raises(TypeError) as caught:
            model.fit(X, {'b': np.ones((4, 1)), 'a': np.ones((4, 2))}, verbose=0)
    finally:
        keras.mixed_precision.set_global_policy('float32')
    assert str(caught.value) == "Expected float32, but got b of type 'str'."

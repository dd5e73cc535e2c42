"""Bad constructor / call arguments worded as TF 2.21 / Keras 3.15 word them (errors24's probes,
/work/notes/progs/errors24/g1.py, g2.py, p_const.py); tapeflow's own explanation stays as a PEP 678 note."""
import numpy as np
import pytest

import framework as tf
from framework import keras

_MUL = '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
_CAST = '{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('value, shape, text', [
    # Keras computes cast(value) * ones(shape): TF 2.21's Mul kernel text, shapes as [3,2]
    ([1.0, 2.0], (3,), 'Incompatible shapes: [2] vs. [3]'),
    ([1.0, 2.0, 3.0], (3, 2), 'Incompatible shapes: [3] vs. [3,2]'),
    (np.ones((2, 3)), (3, 2), 'Incompatible shapes: [2,3] vs. [3,2]'),
])
def test_constant_that_does_not_broadcast_is_the_mul_kernel_error(value, shape, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.initializers.Constant(value)(shape)
    assert str(info.value) == _MUL + text + ' [Op:Mul] name: '
    assert any('does not broadcast to the weight shape' in note for note in info.value.__notes__)


def test_constant_bias_of_another_length_fails_the_layer_build_as_tf():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, bias_initializer=keras.initializers.Constant(
            [1.0, 2.0, 3.0]))])
    assert str(info.value) == _MUL + 'Incompatible shapes: [3] vs. [2] [Op:Mul] name: '


@pytest.mark.parametrize('value, dtype, text', [
    ('a', None, 'Cast string to float is not supported'),
    ('a', 'int32', 'Cast string to int32 is not supported'),
    (['a', 'b'], None, 'Cast string to float is not supported'),
])
def test_constant_of_text_is_the_cast_kernel_error(value, dtype, text):
    # TF 2.21: UnimplementedError from Keras's ops.cast (tapeflow said numpy's 'could not convert string to float')
    with pytest.raises(tf.errors.UnimplementedError) as info:
        keras.initializers.Constant(value)((2,), dtype=dtype)
    assert str(info.value) == _CAST + text + ' [Op:Cast] name: '


def test_constant_that_broadcasts_still_fills():
    np.testing.assert_array_equal(keras.initializers.Constant([1.0, 2.0])((3, 2)).numpy(), [[1.0, 2.0]] * 3)


def test_auc_num_labels_without_multi_label_in_keras_words():
    keras.backend.clear_session()       # (the note names the metric: 'auc', not an earlier test's 'auc_7')
    with pytest.raises(ValueError) as info:
        keras.metrics.AUC(num_labels=-1)
    assert str(info.value) == '`num_labels` is needed only when `multi_label` is True.'
    assert info.value.__notes__ == ["AUC 'auc'"]


def test_schedule_called_with_none_keeps_tf_text_alone():
    with pytest.raises(ValueError) as info:
        keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)(None)
    assert str(info.value) == ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                               "to a Tensor.")
    assert 'called with the step' in info.value.__notes__[0]


@pytest.mark.parametrize('value, want', [
    # TF 2.21: schedules.serialize is serialize_keras_object for any value (tapeflow raised TypeError)
    (0.1, 0.1), (3, 3), (None, None), ('a', 'a'), (np.float32(0.1), 0.10000000149011612), ({'a': 1}, {'a': 1}),
])
def test_schedule_serialize_of_a_plain_value_hands_it_back(value, want):
    got = keras.optimizers.schedules.serialize(value)
    assert got == want and type(got) is type(want)


@pytest.mark.parametrize('value', [None, 0.1, 3, 'nope'])
def test_schedule_deserialize_of_a_plain_value_hands_it_back(value):
    # TF 2.21 returns these as they are (tapeflow raised 'expected a dict')
    assert keras.optimizers.schedules.deserialize(value) == value


def test_schedule_serialize_round_trip_kept():
    schedules = keras.optimizers.schedules
    back = schedules.deserialize(schedules.serialize(schedules.CosineDecay(0.1, 10)))
    assert type(back).__name__ == 'CosineDecay' and back.get_config()['decay_steps'] == 10


class _UnregisteredSchedule(keras.optimizers.schedules.LearningRateSchedule):
    def __init__(self, a=0.1):
        self.a = a

    def __call__(self, step):
        return self.a / (1.0 + tf.cast(step, 'float32'))

    def get_config(self):
        return {'a': self.a}


def test_load_model_with_an_unregistered_schedule_is_kerass_type_error(tmp_path):
    # TF 2.21 (progs/errors24/g6.py cs_cfg_load_unregistered): the schedule's 'Could not locate class'
    # wrapped by SGD's from_config; tapeflow raised SavedFileError 'cannot restore the compile arguments'
    keras.backend.clear_session()       # the optimizer is named 'sgd' (an earlier SGD would make it 'sgd_1')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(keras.optimizers.SGD(_UnregisteredSchedule()), 'mse')
    model.save(tmp_path / 'b.keras')
    with pytest.raises(TypeError) as info:
        keras.models.load_model(tmp_path / 'b.keras')
    text = str(info.value)
    assert text.startswith(
        "<class 'keras.src.optimizers.sgd.SGD'> could not be deserialized properly. Please ensure that components "
        "that are Python object instances (layers, models, etc.) returned by `get_config()` are explicitly "
        "deserialized in the model's `from_config()` method.\n\nconfig={'module': 'keras.optimizers', "
        "'class_name': 'SGD', 'config': {'name': 'sgd', 'learning_rate': {'module': ")
    assert ("'class_name': '_UnregisteredSchedule', 'config': {'a': 0.1}, 'registered_name': '_UnregisteredSchedule'}, "
            "'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None, 'use_ema': False, "
            "'ema_momentum': 0.99, 'ema_overwrite_frequency': None, 'loss_scale_factor': None, "
            "'gradient_accumulation_steps': None, 'momentum': 0.0, 'nesterov': False}, 'registered_name': None}.\n\n"
            "Exception encountered: Could not locate class '_UnregisteredSchedule'. Make sure custom classes and "
            "functions are decorated with `@keras.saving.register_keras_serializable()`. If they are already "
            "decorated, make sure they are all imported so that the decorator is run before trying to load them. "
            "Full object config: {'module': ") in text
    loaded = keras.models.load_model(tmp_path / 'b.keras', custom_objects={'_UnregisteredSchedule': _UnregisteredSchedule})
    assert float(loaded.optimizer.learning_rate) == pytest.approx(0.1)     # the schedule at step 0


class _UnregisteredLayer(keras.layers.Layer):
    def call(self, x):
        return x


def test_load_model_with_an_unregistered_layer_names_kerass_sequential_class(tmp_path):
    # TF 2.21 (progs/errors20/c3.py ld_custom_missing): "<class 'keras.src.models.sequential.Sequential'> could
    # not be deserialized properly. ..."; tapeflow printed "<class 'layers.sequential.Sequential'>"
    keras.Sequential([keras.Input((3,)), _UnregisteredLayer()]).save(tmp_path / 'cu.keras')
    with pytest.raises(TypeError) as info:
        keras.models.load_model(tmp_path / 'cu.keras')
    assert str(info.value).startswith("<class 'keras.src.models.sequential.Sequential'> could not be deserialized "
                                      "properly. Please ensure that components")
    assert "Exception encountered: Could not locate class '_UnregisteredLayer'." in str(info.value)


def test_load_model_functional_with_an_unregistered_layer_names_kerass_functional_class(tmp_path):
    inputs = keras.Input((3,))
    keras.Model(inputs, _UnregisteredLayer()(inputs)).save(tmp_path / 'fu.keras')
    with pytest.raises(TypeError) as info:
        keras.models.load_model(tmp_path / 'fu.keras')
    assert str(info.value).startswith("<class 'keras.src.models.functional.Functional'> could not be deserialized ")


@pytest.mark.parametrize('returned, text', [
    (0.5, "'float' object has no attribute 'dtype'"),
    (None, "'NoneType' object has no attribute 'dtype'"),
])
def test_regularizer_returning_no_tensor_fails_fit_in_kerass_words(returned, text):
    # TF 2.21 (progs/errors24/g7.py reg_returns_float / _none): Keras reads the added loss's dtype first;
    # tapeflow said "... has no attribute 'ndim'"
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_regularizer=lambda w: returned)])
    model.compile('sgd', 'mse')
    with pytest.raises(AttributeError) as info:
        model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32'), verbose=0)
    assert str(info.value) == text


def test_max_norm_of_text_is_the_conversion_type_error():
    # TF 2.21 (progs/errors24/g3.py c_maxnorm_str); tapeflow's float() said 'could not convert string to float'
    with pytest.raises(TypeError) as info:
        keras.constraints.MaxNorm('a')(tf.ones((2, 2)))
    assert str(info.value) == "Cannot convert 'a' to EagerTensor of dtype float"


@pytest.mark.parametrize('max_value', [1, 1.0, np.float64(1.0)])
def test_max_norm_still_rescales(max_value):
    got = keras.constraints.MaxNorm(max_value)(tf.constant([[3.0, 0.0], [4.0, 0.5]])).numpy()
    np.testing.assert_allclose(got, [[0.6, 0.0], [0.8, 0.5]], rtol=1e-6)


@pytest.mark.parametrize('dtype, text', [(None, 'float'), ('float64', 'double')])
def test_orthogonal_gain_of_text_is_the_conversion_type_error(dtype, text):
    # TF 2.21 (progs/errors24/g2.py i_orth_gain_str): Keras's gain * q converts 'a' in the weight's dtype
    with pytest.raises(TypeError) as info:
        keras.initializers.Orthogonal(gain='a')((3, 3), dtype=dtype)
    assert str(info.value) == "Cannot convert 'a' to EagerTensor of dtype %s" % text


def _fit_with(callback):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    return model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32'), epochs=2, verbose=0, callbacks=[callback])


@pytest.mark.parametrize('baseline', ['a', b'a'])
def test_early_stopping_text_baseline_fails_fit_in_kerass_words(baseline):
    # TF 2.21 (progs/errors24/g1.py es_baseline_str): Keras's ops.less converts the baseline first
    with pytest.raises(ValueError) as info:
        _fit_with(keras.callbacks.EarlyStopping(monitor='loss', baseline=baseline))
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."


@pytest.mark.parametrize('kwargs', [dict(baseline=-1.0, patience=0), dict(baseline=100.0, patience=0)])
def test_early_stopping_number_baseline_runs_as_tf(kwargs):
    # TF 2.21 (progs/errors24/p_es_base.py): all 4 epochs run in both cases
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', 'mse')
    history = model.fit(np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32'), epochs=4, verbose=0,
                        callbacks=[keras.callbacks.EarlyStopping(monitor='loss', **kwargs)])
    assert len(history.history['loss']) == 4


def test_checkpoint_text_threshold_fails_fit_in_kerass_words(tmp_path):
    # TF 2.21: Keras formats the best value with f'{best:.5f}' before comparing
    with pytest.raises(ValueError) as info:
        _fit_with(keras.callbacks.ModelCheckpoint(str(tmp_path / 'b.keras'), monitor='loss', save_best_only=True,
                                                  initial_value_threshold='a'))
    assert str(info.value) == "Unknown format code 'f' for object of type 'str'"

"""Layer arguments Keras 3 takes that tapeflow refused. Values printed by TensorFlow 2.21 + Keras 3."""
import numpy as np
import pytest

from framework import keras

IMAGES = np.arange(2 * 3 * 3 * 2, dtype='float32').reshape(2, 3, 3, 2)


def test_upsampling2d_bilinear_resizes_as_keras():
    out = keras.layers.UpSampling2D(2, interpolation='bilinear')(IMAGES)
    assert out.shape == (2, 6, 6, 2)
    assert np.asarray(out)[0, :, :, 0].tolist() == [
        [0.0, 0.5, 1.5, 2.5, 3.5, 4.0], [1.5, 2.0, 3.0, 4.0, 5.0, 5.5], [4.5, 5.0, 6.0, 7.0, 8.0, 8.5],
        [7.5, 8.0, 9.0, 10.0, 11.0, 11.5], [10.5, 11.0, 12.0, 13.0, 14.0, 14.5],
        [12.0, 12.5, 13.5, 14.5, 15.5, 16.0]]


def test_upsampling2d_bicubic_resizes_as_keras():
    out = keras.layers.UpSampling2D(2, interpolation='bicubic')(IMAGES)
    assert np.asarray(out)[0, :2, :, 0].tolist() == [
        [-0.7058824896812439, -0.19364534318447113, 0.8904356956481934, 2.050741195678711, 3.134822368621826,
         3.647059440612793],
        [0.8308287262916565, 1.343065619468689, 2.4271464347839355, 3.587451934814453, 4.67153263092041,
         5.183770179748535]]


def test_upsampling2d_bilinear_channels_first():
    layer = keras.layers.UpSampling2D((1, 2), data_format='channels_first', interpolation='bilinear')
    assert np.asarray(layer(IMAGES))[0, 0].tolist() == [[0.0, 0.25, 0.75, 1.0], [2.0, 2.25, 2.75, 3.0],
                                                        [4.0, 4.25, 4.75, 5.0]]
    assert layer.get_config()['interpolation'] == 'bilinear'


def test_a_bilinear_upsampling_model_trains_as_keras():
    x = np.random.RandomState(0).rand(4, 3, 3, 2).astype('float32')
    y = np.random.RandomState(1).rand(4, 6, 6, 1).astype('float32')
    keras.utils.set_random_seed(3)
    inputs = keras.Input((None, None, 2))
    outputs = keras.layers.Conv2D(1, 1)(keras.layers.UpSampling2D(2, interpolation='bilinear')(inputs))
    model = keras.Model(inputs, outputs)
    model.compile('adam', 'mse')
    assert model.fit(x, y, epochs=3, batch_size=2, verbose=0).history['loss'] == [
        1.5211279392242432, 1.5119073390960693, 1.5027737617492676]


def test_an_unknown_interpolation_is_refused_in_the_call_naming_the_choices():
    # Keras 3.15 takes any string at construction; its call's resize refuses 'cubic' (its text; 'area' and the
    # lanczos kernels resize: test_errors13_upsampling_interpolation)
    layer = keras.layers.UpSampling2D(2, interpolation='cubic')
    with pytest.raises(ValueError, match=r"Invalid value for argument `interpolation`. Expected of one \('bilinear', "
                                         r"'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area'\). Received: "
                                         r"interpolation=cubic"):
        layer(IMAGES)


@pytest.mark.parametrize('kwargs, words', [
    (dict(shape=3), r"^Cannot convert '3' to a shape.$"),
    (dict(shape=(2.0,)), r"Cannot convert '\(2.0,\)' to a shape. Found invalid dimension '2.0'"),
    (dict(shape='ab'), "Cannot convert 'ab' to a shape. Found invalid dimension 'a'"),
    (dict(shape=(2,), name='a/b'), 'Argument `name` must be a string and cannot contain character `/`. '
                                   'Received: name=a/b'),
    (dict(shape=(2,), name=3), 'cannot contain character `/`. Received: name=3'),
    (dict(shape=(2,), dtype='float33'), '^Invalid dtype: float33$'),
])
def test_add_weight_refuses_what_keras_refuses_with_its_words(kwargs, words):
    # Keras 3's ValueErrors (tapeflow took (2.0,) as (2,), named a weight 'a/b', raised TypeError for 3)
    layer = keras.layers.Layer()
    with pytest.raises(ValueError, match=words):
        layer.add_weight(**kwargs)
    assert layer.weights == []


def test_an_unknown_class_in_a_config_is_keras_type_error():
    # Keras 3: TypeError 'Could not locate class'; tapeflow's is also the ValueError it raised before
    for error in (TypeError, ValueError):
        with pytest.raises(error, match="Could not locate class 'Nope'"):
            keras.layers.deserialize({'class_name': 'Nope', 'config': {}})


def test_a_sequential_model_refuses_a_build_shape_its_input_does_not_take():
    model = keras.Sequential([keras.layers.Dense(2)])
    model.build((None, 3))
    with pytest.raises(ValueError, match=r"has already been configured to use input shape \(None, 3\). You cannot "
                                         r"build it with input_shape \(None, 4\)"):
        model.build((None, 4))
    assert [tuple(w.shape) for w in model.weights] == [(3, 2), (2,)]
    model.build([None, 3])          # the same shape again is fine


def test_unit_normalization_over_an_axis_the_input_lacks_is_invalid_argument():
    import framework as tf
    # TF 2.21's Sum kernel text (layers8: tapeflow's own 'axis 5 is out of bounds' before)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Invalid reduction dimension \(5 for input with 3 '):
        keras.layers.UnitNormalization(axis=5)(np.ones((2, 4, 3), 'float32'))


def test_integer_lookup_casts_float_keys_as_keras():
    # Keras 3 casts float inputs to its int64 keys: 1.5 is 1, 2.9 is 2, -0.5 is 0; NaN / inf are out of vocabulary
    layer = keras.layers.IntegerLookup(vocabulary=[1, 2])
    assert np.asarray(layer(np.array([1.5, 2.9, -0.5, np.nan, np.inf]))).tolist() == [1, 2, 0, 0, 0]
    adapted = keras.layers.IntegerLookup()
    adapted.adapt(np.array([1.5, 2.7, 2.2, -1.5]))
    assert [int(v) for v in adapted.get_vocabulary()] == [-1, 2, 1]


def test_numbers_into_text_vectorization_are_keras_value_error():
    layer = keras.layers.TextVectorization(max_tokens=5)
    layer.adapt(['a b', 'b c'])
    # TF 2.21's class and words (Keras converts the array itself); tapeflow's explanation is a note
    with pytest.raises(ValueError, match=r'Failed to convert a NumPy array to a Tensor \(Unsupported object type int'):
        layer(np.array([1, 2]))

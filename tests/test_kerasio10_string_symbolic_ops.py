"""keras.ops on string KerasTensors (keras.io wide_deep_cross_networks: ``keras.ops.expand_dims`` of a
``dtype="string"`` Input before a StringLookup). The stand-in run had no numpy dtype for 'string' and
raised TypeError. Goldens from Keras 3.x on TF 2.21 (KERAS_BACKEND=tensorflow), printed and copied."""
import numpy as np

import framework as tf
from framework import keras


def _string_input():
    return keras.Input(shape=(), dtype='string', name='s')


def test_shape_ops_on_string_keras_tensors_keep_string_dtype():
    i = _string_input()
    expanded = keras.ops.expand_dims(i, -1)
    # Keras: (None, 1) string / (None, 1) / (None,) / (None, 2) / (None, 2) / (None, 3)
    cases = [(expanded, (None, 1)),
             (keras.ops.reshape(i, (-1, 1)), (None, 1)),
             (keras.ops.squeeze(expanded, -1), (None,)),
             (keras.ops.stack([i, i], axis=1), (None, 2)),
             (keras.ops.concatenate([expanded, expanded], axis=1), (None, 2)),
             (keras.ops.tile(expanded, (1, 3)), (None, 3))]
    for out, shape in cases:
        assert tuple(out.shape) == shape
        assert out.dtype == 'string'


def test_expanded_string_input_runs_in_a_model():
    i = _string_input()
    model = keras.Model(i, keras.ops.expand_dims(i, -1))
    out = model(tf.constant(['a', 'bc']))
    assert out.dtype == tf.string and tuple(out.shape) == (2, 1)
    assert model.predict(tf.constant(['a', 'bc']), verbose=0).tolist() == [[b'a'], [b'bc']]


def test_string_lookup_binary_on_expanded_input():
    # the wide part of wide_deep_cross_networks: lookup(expand_dims(string_input, -1)), multi-hot
    i = _string_input()
    lookup = keras.layers.StringLookup(vocabulary=['a', 'b'], mask_token=None, num_oov_indices=0,
                                       output_mode='binary')
    model = keras.Model(i, lookup(keras.ops.expand_dims(i, -1)))
    assert [type(layer).__name__ for layer in model.layers] == ['InputLayer', 'StringLookup']
    out = model(tf.constant(['a', 'b', 'a']))
    np.testing.assert_array_equal(out.numpy(), [[1, 0], [0, 1], [1, 0]])   # Keras: int64 [[1 0] [0 1] [1 0]]


def test_mixed_numeric_and_string_features_train_as_keras():
    # one numeric and one one-hot string feature, concatenated (the baseline model's encoding)
    keras.utils.set_random_seed(11)
    try:
        num = keras.Input(shape=(), dtype='float32', name='n')
        cat = _string_input()
        lookup = keras.layers.StringLookup(vocabulary=['x', 'y', 'z'], mask_token=None, num_oov_indices=0,
                                           output_mode='binary')
        features = keras.layers.concatenate([keras.ops.expand_dims(num, -1),
                                             lookup(keras.ops.expand_dims(cat, -1))])
        assert tuple(features.shape) == (None, 4)
        model = keras.Model({'n': num, 's': cat}, keras.layers.Dense(2, activation='softmax')(features))
        model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')
        data = tf.data.Dataset.from_tensor_slices(({'n': [0.5, 1.0, 2.0, 3.0], 's': ['x', 'y', 'z', 'x']},
                                                   [0, 1, 1, 0])).batch(2)
        history = model.fit(data, epochs=2, verbose=0, shuffle=False)
        # Keras 3 on TF 2.21, same program (printed with repr)
        assert history.history['loss'] == [0.29720816016197205, 0.29590070247650146]
        assert model.predict(data, verbose=0).tolist() == [
            [0.6951237916946411, 0.3048762083053589], [0.23478859663009644, 0.7652114033699036],
            [0.3478791415691376, 0.6521208882331848], [0.8858293294906616, 0.11417067795991898]]
    finally:
        tf.random.set_seed(None)
        keras.backend.clear_session()

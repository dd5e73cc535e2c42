"""keras.io's "Image similarity estimation using a Siamese Network with a contrastive loss" merges
its two towers with ``Lambda(euclidean_distance, output_shape=(1,))([tower_1, tower_2])``; tapeflow
took the batch from the list of input shapes itself and raised 'int.compute_output_shape returned 1'.
Keras 3's Lambda also lists one output shape per output, passes the input's mask to a function
that takes ``mask``, and files a named function by name (so a model using it saves, and loads
with ``custom_objects``). Expected values: TensorFlow 2.21 / Keras 3.15 running the same calls
(/work/notes/progs/kexamples2/d4_lambda.py, g4_lambda_mask.py).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras import layers, ops


def dist(v):
    x, y = v
    return ops.sqrt(ops.maximum(ops.sum(ops.square(x - y), axis=1, keepdims=True), 1e-7))


def two(v):
    return [v * 2, v + 1]


FLOAT32 = {'module': 'keras', 'class_name': 'DTypePolicy', 'config': {'name': 'float32'}, 'registered_name': None}


def test_output_shapes_of_a_lambda_over_a_list_and_with_several_outputs():
    a, b = keras.Input((3,)), keras.Input((3,))
    assert layers.Lambda(dist, output_shape=(1,))([a, b]).shape == (None, 1)
    p, q = layers.Lambda(two, output_shape=[(3,), (3,)])(a)
    assert (p.shape, q.shape) == ((None, 3), (None, 3))
    assert layers.Lambda(lambda t: t * 3.0)(a).shape == (None, 3)
    doubled = layers.Lambda(lambda t: ops.concatenate([t, t], axis=-1), output_shape=lambda s: (s[0], 2 * s[1]))
    assert doubled(a).shape == (None, 6)


def test_config_names_the_function_as_keras_does():
    a, b = keras.Input((3,)), keras.Input((3,))
    one, several = layers.Lambda(dist, output_shape=(1,)), layers.Lambda(two, output_shape=[(3,), (3,)])
    one([a, b]), several(a)
    fn = {'module': 'builtins', 'class_name': 'function', 'config': 'dist', 'registered_name': 'function'}
    assert one.get_config() == {'name': one.name, 'trainable': True, 'dtype': FLOAT32, 'function': fn,
                                'output_shape': (1,), 'arguments': {}}
    assert several.get_config()['output_shape'] == [(3,), (3,)]
    assert 'output_shape' not in layers.Lambda(dist).get_config()      # Keras leaves out a None
    assert layers.Lambda.from_config(one.get_config(), custom_objects={'dist': dist}).function is dist


def test_a_named_function_lambda_saves_and_loads_with_custom_objects(tmp_path):
    a, b = keras.Input((3,)), keras.Input((3,))
    model = keras.Model([a, b], [layers.Lambda(dist, output_shape=(1,))([a, b])])
    model.save(tmp_path / 'm.keras')
    with pytest.raises(TypeError, match="Could not locate function 'dist'"):
        keras.models.load_model(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras', custom_objects={'dist': dist})
    x1, x2 = np.arange(6, dtype='float32').reshape(2, 3), np.ones((2, 3), 'float32')
    np.testing.assert_allclose(loaded.predict([x1, x2], verbose=0), [[1.4142135381698608], [5.385164737701416]],
                               rtol=1e-6)


def test_a_function_taking_mask_gets_the_input_mask():
    seen = []

    def keep_mask(t, mask=None):
        seen.append(None if mask is None else np.asarray(mask).tolist())
        return t * 2.0

    emb = layers.Embedding(5, 2, embeddings_initializer='ones', mask_zero=True)
    lam = layers.Lambda(keep_mask, mask=lambda inputs, mask: mask)
    out = lam(emb(np.array([[1, 0, 2]])))
    assert seen == [[[True, False, True]]]
    assert np.asarray(out._keras_mask).tolist() == [[True, False, True]]
    assert lam.supports_masking and not layers.Lambda(keep_mask).supports_masking


def test_a_python_lambda_in_a_config_is_refused_not_run():
    # Keras 3.15's words: safe mode (the default) refuses the bytecode before reading it
    config = {'name': 'lambda', 'function': {'class_name': '__lambda__', 'config': {'code': '4wEAAAAA',
                                                                                      'defaults': None,
                                                                                      'closure': None}}}
    with pytest.raises(ValueError, match='Requested the deserialization of a `Lambda` layer whose `function` is a '
                                         'Python lambda'):
        layers.Lambda.from_config(config)

"""The preprocessing layers guide prints a tf_idf lookup's ``idf_weights``: Keras 3 keeps them in
a non-trainable tf.Variable (not one of the layer's weights), made anew with each vocabulary.

Golden values printed by TensorFlow 2.21 / Keras 3.15 (/opt/tfref) for
/work/notes/progs/kguides/idf.py.
"""
import numpy as np

import framework as tf
from framework import keras

TF_IDF = [0.6475667953491211, 0.5108256340026855, 0.6931471824645996, 0.6931471824645996, 0.6931471824645996]


def test_adapted_idf_weights_are_a_non_trainable_variable_outside_the_weights():
    lookup = keras.layers.StringLookup(output_mode='tf_idf')
    lookup.adapt(tf.constant([['a', 'b', 'c'], ['d', 'a', 'a']]))
    assert isinstance(lookup.idf_weights, tf.Variable) and not lookup.idf_weights.trainable
    assert repr(lookup.idf_weights).startswith("<tf.Variable 'Variable:0' shape=(5,) dtype=float32, numpy=")
    assert lookup.idf_weights.numpy().tolist() == TF_IDF
    assert lookup.weights == []
    np.testing.assert_allclose(lookup(tf.constant([['a', 'z']])).numpy(), [[TF_IDF[0], TF_IDF[1], 0, 0, 0]])


def test_text_vectorization_keeps_no_weights_for_its_idf():
    vectorizer = keras.layers.TextVectorization(output_mode='tf_idf')
    vectorizer.adapt(['x y', 'y z'])
    assert vectorizer.weights == []


def test_a_lookup_without_tf_idf_has_none():
    assert keras.layers.StringLookup(vocabulary=['a']).idf_weights is None

"""Writes the Keras-made .keras files with adapted preprocessing layers that
tests/test_saving_adapted_state.py loads: a TextVectorization (its vocabulary is an asset
of the archive, assets/layers/text_vectorization/vocabulary.txt) before an Embedding, and
Normalization, Discretization and IntegerLookup layers adapted on numbers, and a StringLookup
in tf_idf mode (its idf weights in the weights file, vars/idf_weights).

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_adapted_files.py

It needs keras 3 (3.15 was used). It prints the probe predictions that the test holds.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))

TEXTS = ['the cat sat on the mat', 'the dog ran', 'a cat ran far away', 'the end']
TEXT_PROBE = ['the cat ran', 'a dog sat on a mat', 'zebra']
NUMBERS = np.array([[1.0, 2.0, 10.0], [3.0, 6.0, 20.0], [5.0, 1.0, 40.0], [7.0, 3.0, 30.0]], 'float32')
IDS = np.array([[5, 7], [7, 9], [9, 9], [7, 11]], 'int64')
NUMBER_PROBE = np.array([[2.0, 2.0, 25.0], [8.0, 0.0, 5.0]], 'float32')
ID_PROBE = np.array([[7, 9], [5, 3]], 'int64')
TOKENS = [['a', 'b'], ['b', 'c'], ['b', 'b'], ['d', 'a']]
TOKEN_PROBE = [['a', 'z'], ['c', 'b']]


def main():
    import keras
    import tensorflow as tf
    layers = keras.layers
    vectorize = layers.TextVectorization(max_tokens=12, output_sequence_length=5)
    vectorize.adapt(TEXTS)
    text = keras.Input((1,), dtype='string')
    x = layers.GlobalAveragePooling1D()(layers.Embedding(12, 3)(vectorize(text)))
    model = keras.Model(text, layers.Dense(2)(x))
    rng = np.random.default_rng(7)
    model.set_weights([(rng.standard_normal(w.shape) * 0.5).astype('float32') for w in model.get_weights()])
    model.save(os.path.join(HERE, 'keras3_text_vectorization.keras'))
    probe = tf.constant([[t] for t in TEXT_PROBE])
    print('TEXT_PREDICTIONS =', model(probe).numpy().ravel().tolist())
    print('TEXT_INDICES =', vectorize(probe).numpy().tolist())

    normalize = layers.Normalization()
    normalize.adapt(NUMBERS)
    discretize = layers.Discretization(num_bins=3)
    discretize.adapt(NUMBERS[:, 2])
    lookup = layers.IntegerLookup()
    lookup.adapt(IDS)
    numbers, ids = keras.Input((3,)), keras.Input((2,), dtype='int64')
    model = keras.Model([numbers, ids], [normalize(numbers), discretize(numbers), lookup(ids)])
    model.save(os.path.join(HERE, 'keras3_adapted_numeric.keras'))
    outputs = model([tf.constant(NUMBER_PROBE), tf.constant(ID_PROBE)])
    print('NUMERIC_OUTPUTS =', [o.numpy().tolist() for o in outputs])
    print('BOUNDARIES =', discretize.bin_boundaries, 'VOCABULARY =', lookup.get_vocabulary())

    weigh = layers.StringLookup(output_mode='tf_idf', max_tokens=6, pad_to_max_tokens=True)
    weigh.adapt(tf.constant(TOKENS))
    tokens = keras.Input((2,), dtype='string')
    model = keras.Model(tokens, weigh(tokens))
    model.save(os.path.join(HERE, 'keras3_tf_idf.keras'))
    print('TF_IDF_OUTPUTS =', model(tf.constant(TOKEN_PROBE)).numpy().tolist())


if __name__ == '__main__':
    main()

"""Writes the Keras-made recurrent-model files that tests/test_recurrent.py reads.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_recurrent_files.py

It needs keras 3 (3.15 was used). It prints the probe predictions that the tests hold.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import keras
    layers = keras.layers
    # Layer names unlike tapeflow's defaults: Keras 3's layout matches by path, not by name.
    model = keras.Sequential([
        keras.Input((5,), dtype='int32'),
        layers.Embedding(7, 3, name='words'),
        layers.Bidirectional(layers.LSTM(2, return_sequences=True), name='both_ways'),
        layers.GRU(3, return_sequences=True, name='gated'),
        layers.SimpleRNN(2, name='plain'),
        layers.Dense(1, name='out')])
    rng = np.random.default_rng(7)
    model.set_weights([(rng.standard_normal(w.shape) * 0.5).astype('float32') for w in model.get_weights()])
    model.save_weights(os.path.join(HERE, 'keras3_recurrent.weights.h5'))
    model.save(os.path.join(HERE, 'keras3_recurrent.keras'))
    probe = np.array([[1, 2, 3, 4, 5], [6, 0, 6, 0, 1]], dtype='int32')
    print('PROBE =', probe.tolist())
    print('KERAS3_RECURRENT_PREDICTIONS =', model.predict(probe, verbose=0).ravel().tolist())


if __name__ == '__main__':
    main()

"""Writes the Keras-made reference files that tests/test_saving_keras_interop.py reads.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_reference_files.py

It needs keras 3 (3.15 was used) and tf_keras 2 (2.21 was used); it prints the
literals that the interop tests hold (weights, input, predictions).
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def keras3_files():
    import keras
    keras.utils.set_random_seed(1234)
    # Layer names unlike tapeflow's defaults: Keras 3's layout matches by path, not by name.
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu', name='hidden'),
                              keras.layers.Dense(2, name='out')])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse', metrics=['mae'])
    x = np.arange(24, dtype='float32').reshape(8, 3) / 10.0
    y = np.stack([x.sum(axis=1), x[:, 0] - x[:, 2]], axis=1)
    model.fit(x, y, batch_size=4, epochs=1, shuffle=False, verbose=0)      # 2 optimizer steps
    model.save_weights(os.path.join(HERE, 'keras3_dense.weights.h5'))
    model.save(os.path.join(HERE, 'keras3_dense.keras'))
    model.save(os.path.join(HERE, 'keras3_dense.h5'))
    probe = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype='float32')
    print('KERAS3_WEIGHTS =', [w.tolist() for w in model.get_weights()])
    print('PROBE =', probe.tolist())
    print('KERAS3_PREDICTIONS =', model.predict(probe, verbose=0).tolist())
    print('KERAS3_OPTIMIZER =', [(v.path, np.asarray(v).tolist()) for v in model.optimizer.variables])
    return model.get_weights()


def tf_keras2_files(weights):
    import tf_keras
    model = tf_keras.Sequential([tf_keras.layers.Dense(4, activation='relu', input_shape=(3,)),
                                 tf_keras.layers.Dense(2)])
    model.set_weights(weights)
    model.compile(optimizer='sgd', loss='mse')
    model.save_weights(os.path.join(HERE, 'tf_keras2_dense_weights.h5'))       # layer_names at the root
    model.save(os.path.join(HERE, 'tf_keras2_dense_model.h5'), save_format='h5')  # under model_weights


if __name__ == '__main__':
    tf_keras2_files(keras3_files())

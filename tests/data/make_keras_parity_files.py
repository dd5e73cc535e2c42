"""Writes the Keras-made files that tests/test_saving_parity_functional.py reads.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_parity_files.py

Keras 3.15 was used. The models: a functional Conv2D -> BatchNormalization ->
GlobalAveragePooling2D -> nested Sequential([Dense(3, tanh)]) -> Dense(2, softmax),
compiled with Adam(0.01), sparse categorical cross-entropy and accuracy, after
2 training steps; and a functional Embedding(mask_zero=True) -> LSTM ->
BatchNormalization -> Dense, whose graph holds the NotEqual op that computes the
mask. It prints the literals the tests hold.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def build(keras):
    inputs = keras.Input((5, 5, 1), name='img')
    h = keras.layers.Conv2D(2, 3, activation='relu', name='conv')(inputs)
    h = keras.layers.BatchNormalization(name='bn')(h)
    h = keras.layers.GlobalAveragePooling2D(name='pool')(h)
    h = keras.Sequential([keras.layers.Dense(3, activation='tanh', name='inner_dense')], name='inner')(h)
    outputs = keras.layers.Dense(2, activation='softmax', name='out')(h)
    model = keras.Model(inputs, outputs, name='parity')
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='sparse_categorical_crossentropy',
                  metrics=['accuracy'])
    return model


def data():
    x = (np.arange(16 * 25, dtype='float32').reshape(16, 5, 5, 1) % 7) / 7.0
    y = np.arange(16) % 2
    return x, y


def main():
    import keras
    keras.utils.set_random_seed(7)
    model = build(keras)
    x, y = data()
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)       # 2 optimizer steps
    stem = os.path.join(HERE, 'keras3_parity_functional')
    model.save(stem + '.keras')
    with open(stem + '.json', 'w') as f:
        f.write(model.to_json())           # before the .h5 save, which drops the optimizer from it
    model.save(stem + '.h5')
    print('PREDICTIONS =', model.predict(x[:2], verbose=0).tolist())
    print('OPTIMIZER_VARIABLES =', len(model.optimizer.variables))
    again = keras.models.model_from_json(open(stem + '.json').read())
    print('FROM_JSON compiled:', again.compiled, 'optimizer variables:', len(again.optimizer.variables))


def masked():
    import keras
    keras.utils.set_random_seed(11)
    tokens = keras.Input((5,), dtype='int32', name='tokens')
    h = keras.layers.Embedding(10, 3, mask_zero=True, name='embed')(tokens)
    h = keras.layers.LSTM(2, name='lstm')(h)
    h = keras.layers.BatchNormalization(name='bn')(h)
    model = keras.Model(tokens, keras.layers.Dense(1, name='out')(h), name='masked')
    model.save(os.path.join(HERE, 'keras3_parity_masked.keras'))
    probe = np.array([[1, 2, 0, 0, 0], [3, 4, 5, 6, 0]])
    print('MASKED_PREDICTIONS =', model.predict(probe, verbose=0).tolist())


if __name__ == '__main__':
    main()
    masked()

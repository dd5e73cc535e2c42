"""Writes the Keras-made file that tests/test_functional_ops.py reads, and prints its literals.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_ops_graph_files.py

Keras 3.15 was used. The model applies keras.ops and operators to KerasTensors (true_divide,
subtract, get_item with slices and Ellipsis, transpose, sum, where, comparisons, concatenate,
cast, constant tensors from preprocess_input's 'torch' mode) around Dense layers, so that its
config.json holds Keras's op entries; it writes the summary text and prints the predictions on PROBE.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def build(keras):
    ops, layers = keras.ops, keras.layers
    inputs = keras.Input((4, 3), name='seq')
    x = inputs / 127.5 - 1
    first = x[:, 0]
    middle = x[:, 1:3, ...]
    summed = ops.sum(ops.transpose(middle, (0, 2, 1)), axis=-1)
    torch_scaled = keras.applications.imagenet_utils.preprocess_input(inputs, mode='torch')
    h = layers.Dense(5, activation='tanh', name='hidden')(ops.concatenate([first, summed], axis=-1))
    h = ops.where(h > 0, h, 0.5 * h) + ops.mean(torch_scaled, axis=(1, 2), keepdims=False)[:, None]
    outputs = layers.Dense(2, name='out')(ops.cast(h, 'float32'))
    return keras.Model(inputs, outputs, name='ops_graph')


PROBE = (np.arange(2 * 4 * 3, dtype='float32').reshape(2, 4, 3) * 9.0) % 255.0


def main():
    import keras
    keras.utils.set_random_seed(3)
    model = build(keras)
    lines = []
    model.summary(print_fn=lines.append)
    with open(os.path.join(HERE, 'keras3_ops_graph_summary.txt'), 'w') as out:
        out.write('\n'.join(lines))
    model.save(os.path.join(HERE, 'keras3_ops_graph.keras'))
    print('KERAS_PREDICTIONS =', model.predict(PROBE, verbose=0).tolist())


if __name__ == '__main__':
    main()

"""Writes the Keras-made model file with the newer convolution, pooling and normalization
layers that tests/test_layers_conv_more.py loads.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_conv_norm_files.py

It needs keras 3 (3.15 was used). It prints the probe predictions that the test holds.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import keras
    layers = keras.layers
    inputs = keras.Input((4, 4, 3))
    x = layers.SeparableConv2D(4, 2, padding='same', depth_multiplier=2)(inputs)
    x = layers.DepthwiseConv2D(2)(x)
    x = layers.GroupNormalization(2)(x)
    x = layers.SpectralNormalization(layers.Conv2D(3, 1))(x)
    x = layers.Reshape((3, 3, 1, 3))(x)
    x = layers.Conv3DTranspose(2, 2, strides=(1, 1, 2))(x)
    x = layers.AdaptiveAveragePooling3D(2)(x)
    x = layers.RMSNormalization()(layers.Flatten()(x))
    model = keras.Model(inputs, layers.Dense(2)(x))
    rng = np.random.default_rng(5)
    model.set_weights([(rng.standard_normal(w.shape) * 0.5).astype('float32') for w in model.get_weights()])
    model.save(os.path.join(HERE, 'keras3_conv_norm.keras'))
    probe = np.sin(np.arange(2 * 48) * 0.3).reshape(2, 4, 4, 3).astype('float32')
    print('KERAS3_CONV_NORM_PREDICTIONS =', model.predict(probe, verbose=0).ravel().tolist())


if __name__ == '__main__':
    main()

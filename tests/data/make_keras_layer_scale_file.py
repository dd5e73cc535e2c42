"""Writes the Keras-made model file holding ConvNeXt's LayerScale (which Keras saves by bare name
under keras.src.applications.convnext) that tests/test_applications_convnext_files.py loads.

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_layer_scale_file.py

It needs keras 3 (3.15 was used). It prints the probe predictions that the test holds.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    import keras
    from keras.src.applications.convnext import LayerScale
    keras.utils.set_random_seed(0)
    inputs = keras.Input((4,))
    hidden = keras.layers.Dense(4, name='hidden')(inputs)
    model = keras.Model(inputs, LayerScale(0.5, 4, name='scale')(hidden))
    model.save(os.path.join(HERE, 'keras3_layer_scale.keras'))
    probe = np.arange(8, dtype='float32').reshape(2, 4) / 8
    print(model.predict(probe, verbose=0).tolist())


if __name__ == '__main__':
    main()

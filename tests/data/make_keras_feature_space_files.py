"""Writes the Keras-made files that tests/test_feature_space.py loads: a FeatureSpace saved alone
(keras3_feature_space.keras: its Normalization statistics in the weights file, its lookups'
vocabularies as assets under assets/preprocessors/) and a functional model that starts at its
Inputs and ends in a Dense layer (keras3_feature_space_model.keras).

Run by hand with the reference environment (never imported by tapeflow or its tests):

    TF_CPP_MIN_LOG_LEVEL=3 /opt/tfref/bin/python tests/data/make_keras_feature_space_files.py

It needs keras 3 (3.15.1 was used). It prints the outputs that the test holds.
"""
import os

import numpy as np

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '3')
HERE = os.path.dirname(os.path.abspath(__file__))

DATA = {'f': np.array([0.0, 0.1, 0.2, 0.3, 0.9]), 's': np.array(['zero', 'one', 'two', 'three', 'one']),
        'i': np.array([0, 1, 2, 3, 3]), 'p': np.array([1.0, 2.0, 3.0, 4.0, 5.0])}


def main():
    import keras
    from keras.utils import FeatureSpace
    keras.utils.set_random_seed(3)
    fs = FeatureSpace(features={'f': 'float_normalized', 's': 'string_categorical', 'i': 'integer_categorical',
                                'p': 'float'}, crosses=[('s', 'i')], output_mode='concat')
    fs.adapt(DATA)
    fs.save(os.path.join(HERE, 'keras3_feature_space.keras'))
    print('feature space:', np.asarray(fs(DATA)).round(6).tolist())
    model = keras.Model(fs.get_inputs(), keras.layers.Dense(1)(fs.get_encoded_features()))
    model.save(os.path.join(HERE, 'keras3_feature_space_model.keras'))
    print('model:', np.asarray(model(DATA)).ravel().tolist())


if __name__ == '__main__':
    main()

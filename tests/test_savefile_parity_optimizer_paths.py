"""Paths of the unnamed variables an optimizer's build makes (Nadam's momentum product, Adafactor's
scalars for weights below rank 2), as Keras 3.15 gives them and so writes them into a legacy .h5
file's optimizer_weights: under the optimizer's scope when the build runs in fit or apply
('nadam/variable'), unscoped only for a direct build() call ('variable').

TF 2.21 printed, for a Dense(3), Dense(1) model fitted one step: Nadam's last variable
('variable', 'nadam/variable') and Adafactor's bias scalars ('bias', 'adafactor/bias'); and for
build() called directly: ('variable_1', 'variable_1').
"""
import re

import h5py
import numpy as np

from framework import keras


def _fitted(optimizer):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3), keras.layers.Dense(1)])
    model.compile(optimizer=optimizer, loss='mse')
    model.fit(np.ones((4, 4), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    return model


def test_fit_builds_nadam_in_its_scope_and_h5_names_it_so(tmp_path):
    model = _fitted(keras.optimizers.Nadam(0.01))
    product = model.optimizer.variables[-1]
    # auto-names count up in a process ('nadam_4/variable_4' after other tests), as in Keras
    assert re.fullmatch(r'variable(_\d+)?', product.name) and re.fullmatch(r'nadam(_\d+)?', model.optimizer.name)
    assert product.path == '%s/%s' % (model.optimizer.name, product.name)
    model.save(tmp_path / 'm.h5')
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        assert list(f['optimizer_weights'].attrs['weight_names'])[-1] == product.path
        assert product.path in f['optimizer_weights']


def test_adafactor_scalars_are_scoped_when_fit_builds():
    optimizer = _fitted(keras.optimizers.Adafactor(0.01)).optimizer
    scalars = [(v.name, v.path) for v in optimizer.variables if v.name == 'bias']
    assert scalars == [('bias', optimizer.name + '/bias')] * 4


def test_a_direct_build_leaves_them_unscoped():
    optimizer = keras.optimizers.Nadam(0.01)
    optimizer.build([keras.Variable(np.ones(2, 'float32'))])
    product = optimizer.variables[-1]
    assert product.path == product.name and product.name.startswith('variable')

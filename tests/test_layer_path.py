"""Keras 3's Layer.path and add_variable, against Keras 3.15 (/work/notes/progs/me23/path_probe.py)."""
import numpy as np

from framework import keras


class _Block(keras.layers.Layer):
    def __init__(self):
        super().__init__(name='blk')
        self.d = keras.layers.Dense(2, name='sub')

    def call(self, x):
        return self.d(x)


def test_a_layers_path_is_where_it_was_built_and_none_before():
    d = keras.layers.Dense(3, name='dd')
    assert d.path is None
    d(np.ones((1, 2), np.float32))
    assert d.path == 'dd'
    m = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, name='inner')], name='seq')
    assert ([layer.path for layer in m.layers], m.path) == (['seq/inner'], 'seq')
    b = _Block()
    b(np.ones((1, 3), np.float32))
    assert (b.path, b.d.path, b.d.kernel.path) == ('blk', 'blk/sub', 'blk/sub/kernel')
    outer = keras.Sequential([_Block()], name='outer')
    outer(np.ones((1, 3), np.float32))
    assert ([layer.path for layer in outer.layers], outer.layers[0].d.path) == (['outer/blk'], 'outer/blk/sub')
    inputs = keras.Input((4,))
    model = keras.Model(inputs, keras.layers.Dense(1, name='f2')(keras.layers.Dense(2, name='f1')(inputs)), name='fm')
    assert ([layer.path for layer in model.layers], model.path) == ([None, 'f1', 'f2'], 'fm')     # InputLayer: None
    lazy = keras.Sequential([keras.layers.Dense(3, name='lazy')], name='lazyseq')
    lazy.build((None, 5))
    assert [layer.path for layer in lazy.layers] == ['lazyseq/lazy']
    manual = keras.layers.Dense(2, name='manual')
    manual.build((None, 3))
    assert manual.path == 'manual'


def test_add_variable_is_add_weight():
    class Ones(keras.layers.Layer):
        def build(self, shape):
            self.w = self.add_variable((shape[-1], 2), 'ones', name='w')

        def call(self, x):
            return x @ self.w

    layer = Ones(name='cc')
    assert layer(np.ones((1, 3), np.float32)).numpy().tolist() == [[3.0, 3.0]]
    assert (layer.w.path, layer.path) == ('cc/w', 'cc')

"""An empty weight name is no name in Keras 3 (its Variable takes `name or auto_name(...)`): TF 2.21 prints
[('variable', 'n/variable'), ('variable_1', 'n/variable_1'), ('variable_2', 'n/variable_2'), ('variable_3',
'n/variable_3')] for add_weight(name=''), (name=None), (), (name='') in one layer (progs/kerasio43/p21.py), and
keras.Variable(x, name='') is 'variable_<n>'. tapeflow named them '' (path 'n/'), so a legacy .h5 listed the
weight as 'dup/' where TF writes 'dup/variable' (p20.py)."""
import numpy as np

from framework import keras


class Unnamed(keras.layers.Layer):
    def build(self, input_shape):
        self.a = self.add_weight(shape=(1,), name='')
        self.b = self.add_weight(shape=(1,), name=None)
        self.c = self.add_weight(shape=(1,))
        self.d = self.add_weight(shape=(1,), name='')

    def call(self, x):
        return x


def test_empty_names_take_the_shared_variable_counter():
    keras.backend.clear_session()
    layer = Unnamed(name='n')
    layer.build((1,))
    assert [(w.name, w.path) for w in layer.weights] == [('variable', 'n/variable'), ('variable_1', 'n/variable_1'),
                                                         ('variable_2', 'n/variable_2'), ('variable_3', 'n/variable_3')]
    variable = keras.Variable(np.ones(2), name='')
    assert (variable.name, variable.path) == ('variable_4', 'variable_4')
    keras.backend.clear_session()


def test_an_input_named_empty_gets_a_keras_tensor_name():
    # TF 2.21 (progs/kerasio43/p22.py): keras.Input((2,), name='').name is 'keras_tensor' after clear_session
    # (Keras's KerasTensor takes name or auto_name); its InputLayer keeps the name ''
    keras.backend.clear_session()
    tensor = keras.Input((2,), name='')
    assert tensor.name == 'keras_tensor'
    assert tensor._keras_history[0].name == ''
    keras.backend.clear_session()

"""A loaded SavedModel function's concrete functions list the variables their saved graph captured, in the
graph's capture order, as TF 2.21 revives them: a Keras export's ``serve`` reads a GRU cell's bias first and
BatchNormalization's moving statistics before its gamma and beta, and no seed generator state (an inference
call draws none), so keras.layers.TFSMLayer, which takes its weights from those concrete functions, has TF's
9 weights in TF's order. tapeflow listed the model's variables in creation order with the GRU's and the
Dropout's seed states (10 variables; TFSMLayer 7 trainable + 3 non-trainable where TF has 7 + 2). TF's
order here is the same in every run (a live trace's is not). The expected values are TF 2.21's (probes
/work/notes/progs/kerasio56/p7_tfsm.py, p10_test_golden.py)."""
import numpy as np

import framework as tf
from framework import keras


def _gru_model():
    inp = keras.Input((6, 4), name='seq')
    x = keras.layers.GRU(3, name='enc')(inp)
    x = keras.layers.BatchNormalization(name='bn')(x)
    x = keras.layers.Dropout(0.5, name='drop')(x)
    return keras.Model(inp, keras.layers.Dense(2, name='head')(x), name='net')


def test_export_serve_concrete_function_lists_the_captures(tmp_path):
    _gru_model().export(str(tmp_path / 'exp'), verbose=False)
    concrete = tf.saved_model.load(str(tmp_path / 'exp')).serve.concrete_functions[0]
    assert [v.name for v in concrete.variables] == [       # TF 2.21
        'enc/gru_cell/bias:0', 'enc/gru_cell/kernel:0', 'enc/gru_cell/recurrent_kernel:0', 'bn/moving_mean:0',
        'bn/moving_variance:0', 'bn/gamma:0', 'bn/beta:0', 'head/kernel:0', 'head/bias:0']
    assert [v.name for v in concrete.trainable_variables] == [
        'enc/gru_cell/bias:0', 'enc/gru_cell/kernel:0', 'enc/gru_cell/recurrent_kernel:0', 'bn/gamma:0',
        'bn/beta:0', 'head/kernel:0', 'head/bias:0']


def test_tfsm_layer_weights_of_an_export(tmp_path):
    _gru_model().export(str(tmp_path / 'exp'), verbose=False)
    layer = keras.layers.TFSMLayer(str(tmp_path / 'exp'))
    assert [(w.name, w.trainable) for w in layer.weights] == [      # TF 2.21
        ('enc_gru_cell_bias:0', True), ('enc_gru_cell_kernel:0', True), ('enc_gru_cell_recurrent_kernel:0', True),
        ('bn_gamma:0', True), ('bn_beta:0', True), ('head_kernel:0', True), ('head_bias:0', True),
        ('bn_moving_mean:0', False), ('bn_moving_variance:0', False)]
    assert (len(layer.trainable_weights), len(layer.non_trainable_weights)) == (7, 2)


def test_tfsm_layer_of_a_dropout_model_has_no_seed_state(tmp_path):
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, name='zeta'), keras.layers.Dropout(0.5),
                              keras.layers.Dense(2, name='alpha')], name='sequential')
    model.export(str(tmp_path / 'exp'), verbose=False)
    layer = keras.layers.TFSMLayer(str(tmp_path / 'exp'))
    assert [w.name for w in layer.weights] == ['sequential_zeta_kernel:0', 'sequential_zeta_bias:0',     # TF 2.21
                                               'sequential_alpha_kernel:0', 'sequential_alpha_bias:0']
    assert len(layer.non_trainable_weights) == 0


class _Module(tf.Module):
    def __init__(self):
        super().__init__()
        self.a = tf.Variable(1.0, name='a')
        self.b = tf.Variable(2.0, name='b', trainable=False)
        self.c = tf.Variable(3.0, name='c')
        self.layer = keras.layers.BatchNormalization(name='norm')
        self.layer.build((None, 2))

    @tf.function(input_signature=[tf.TensorSpec((None, 2), tf.float32)])
    def f(self, x):
        return self.layer(x, training=False) * self.c + self.b * self.a


def test_module_function_lists_a_layer_as_its_inference_reads_it(tmp_path):
    tf.saved_model.save(_Module(), str(tmp_path / 'mod'))
    loaded = tf.saved_model.load(str(tmp_path / 'mod'))
    concrete = loaded.f.concrete_functions[0]
    assert [v.name for v in concrete.variables] == [      # TF 2.21
        'norm/moving_mean:0', 'norm/moving_variance:0', 'norm/gamma:0', 'norm/beta:0', 'c:0', 'b:0', 'a:0']
    assert [v.name for v in concrete.trainable_variables] == ['norm/gamma:0', 'norm/beta:0', 'c:0', 'a:0']


def test_loaded_layer_variables_are_plain_variables_named_by_path(tmp_path):
    # TF 2.21 revives a Keras layer's variables in a tf.Module's SavedModel as plain tf.Variables named by their
    # Keras path; tapeflow gave back Keras variables named 'moving_mean', 'gamma', ...
    tf.saved_model.save(_Module(), str(tmp_path / 'mod'))
    loaded = tf.saved_model.load(str(tmp_path / 'mod'))
    gamma = loaded.f.concrete_functions[0].variables[2]
    assert repr(gamma) == "<tf.Variable 'norm/gamma:0' shape=(2,) dtype=float32, numpy=array([1., 1.], dtype=float32)>"
    assert gamma.trainable
    out = loaded.f(np.array([[1., 2.]], np.float32)).numpy()
    assert [float(v).hex() for v in out.ravel()] == ['0x1.3fe7720000000p+2', '0x1.ffcee40000000p+2']     # TF 2.21

"""An RNN runs a built-in cell subclass's own call at every step, as Keras 3 does.

A layer-normalized LSTM written as ``class LNLSTMCell(layers.LSTMCell)`` with its own ``call`` (the
kernel products, a LayerNormalization over the four gates, then the gates), or a GRUCell whose call
scales what ``super().call`` gives: TF 2.21's RNN calls the cell at every step. tapeflow ran the
built-in cell's own steps and ignored the override (other outputs, and fit warned "Gradients do not
exist for variables [... layer_normalization/gamma, ... beta]"). Goldens: /work/notes/progs/kerasexamples6/
p23.py, p24.py (TF 2.21).
"""
import warnings

import numpy as np

from framework import keras

ops = keras.ops
INIT = dict(kernel_initializer=keras.initializers.GlorotUniform(seed=1),
            recurrent_initializer=keras.initializers.Orthogonal(seed=2))


class LNLSTMCell(keras.layers.LSTMCell):
    def build(self, input_shape):
        super().build(input_shape)
        self.ln = keras.layers.LayerNormalization()
        self.ln.build((None, 4 * self.units))

    def call(self, inputs, states, training=False):
        h_tm1, c_tm1 = states
        z = ops.matmul(inputs, self.kernel) + ops.matmul(h_tm1, self.recurrent_kernel)
        if self.use_bias:
            z = z + self.bias
        z0, z1, z2, z3 = ops.split(self.ln(z), 4, axis=1)
        i, f, o = self.recurrent_activation(z0), self.recurrent_activation(z1), self.recurrent_activation(z3)
        c = f * c_tm1 + i * self.activation(z2)
        h = o * self.activation(c)
        return h, [h, c]


class HalfLSTMCell(keras.layers.LSTMCell):
    def call(self, inputs, states, training=False):
        output, new_states = super().call(inputs, states, training=training)
        return output * 0.5, new_states


def data():
    return np.random.default_rng(0).normal(size=(4, 5, 3)).astype('float32')


def test_the_subclass_call_computes_the_steps():
    rnn = keras.layers.RNN(LNLSTMCell(4, **INIT), return_sequences=True, return_state=True)
    seq, h, c = rnn(data())
    assert seq.shape == (4, 5, 4)
    # TF 2.21 gives (last bits hang on the CPU's kernels)
    np.testing.assert_allclose(h.numpy()[0], [-0.15043591, -0.32026285, 0.01496949, -0.15818603], rtol=1e-5, atol=1e-6)
    # TF 2.21: the cell's three weights, then its LayerNormalization's (rnn/lnlstm_cell/layer_normalization/gamma)
    assert [w.path.split('/')[-1] for w in rnn.weights] == ['kernel', 'recurrent_kernel', 'bias', 'gamma', 'beta']
    assert '/lnlstm_cell' in rnn.weights[3].path and '/layer_normalization' in rnn.weights[3].path


def test_fit_reaches_the_subclass_weights():
    x = data()
    inputs = keras.Input((5, 3))
    model = keras.Model(inputs, keras.layers.Dense(1)(keras.layers.RNN(LNLSTMCell(4, **INIT))(inputs)))
    model.compile('adam', 'mse')
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        model.fit(x, x[:, 0, :1], epochs=1, verbose=0)
    assert not [w for w in seen if 'Gradients do not exist' in str(w.message)]       # TF 2.21: none


def test_super_call_with_dropout_draws_masks_once_a_sequence():
    keras.utils.set_random_seed(1)
    half = keras.layers.RNN(HalfLSTMCell(3, dropout=0.2, recurrent_dropout=0.3, seed=7, **INIT))
    keras.utils.set_random_seed(1)
    plain = keras.layers.RNN(keras.layers.LSTMCell(3, dropout=0.2, recurrent_dropout=0.3, seed=7, **INIT))
    x = data()[:2, :, :]
    # TF 2.21: the halved cell's last output is half the plain cell's, dropout included (the same masks)
    np.testing.assert_allclose(half(x, training=True).numpy(), 0.5 * plain(x, training=True).numpy(), rtol=1e-6)
    np.testing.assert_allclose(half(x).numpy(), 0.5 * plain(x).numpy(), rtol=1e-6)

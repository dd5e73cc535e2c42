"""SimpleRNN: ``h_t = activation(x_t @ kernel + bias + h_{t-1} @ recurrent_kernel)``."""
import numpy as np

from framework import onednn_policy
from framework.ops import graph_rewrites, matmul
from framework.ops.linalg import half_fused_affine

from .. import activations
from ..input_spec import InputSpec
from .cell import RecurrentCell
from .cell_rnn import CellRNN
from .regrouped_step_sum import added_as, bias_free_steps, regrouped_sum, regroups


class SimpleRNNCell(RecurrentCell):
    """The cell of ``SimpleRNN`` (Keras 3's arguments and defaults).

    Weights: kernel (features, units), recurrent_kernel (units, units),
    bias (units,).
    """
    gates = 1
    seed_generator_first = True
    masks_drawn_when_inferring = True

    def unrolled_graph_reads(self, return_sequences):
        return True     # (unrolled_graph_order.py)

    def project_steps(self, sequences, input_mask, backwards, graph_order=None):
        """RecurrentCell's steps; in a traced step on static shapes, each with its ``x_t @ kernel``
        (without the bias), which ``step`` adds as grappler regroups the sum (regrouped_step_sum.py)."""
        steps = super().project_steps(sequences, input_mask, backwards, graph_order)
        if self.use_bias and not isinstance(input_mask, list) and regroups(self, sequences):
            steps = list(zip(steps, bias_free_steps(self, sequences, input_mask, backwards)))
        elif self.use_bias and input_mask is None and self.activation is activations.tanh \
                and _float16_regroups(sequences):
            steps = [(projected, _HalfSum(wide)) for projected, wide
                     in zip(steps, _float32_steps(self, sequences, backwards))]
        return steps

    def step(self, projected, states, weights, recurrent_mask=None):
        (recurrent_kernel,) = weights
        h = states[0] if recurrent_mask is None else states[0] * recurrent_mask
        if type(projected) is tuple and type(projected[1]) is _HalfSum:
            projected, wide = projected
            recurrent = matmul(h, recurrent_kernel)
            # one float32 sum (x_t @ kernel + h @ recurrent_kernel) + bias, rounded once (_float16_regroups)
            value = ((wide.array + recurrent._data) + self.input_bias()._data).astype(projected._data.dtype)
            output = self.activation(added_as(projected, recurrent, value))
        elif type(projected) is tuple:
            projected, bias_free = projected
            output = self.activation(regrouped_sum(projected, matmul(h, recurrent_kernel), bias_free,
                                                   self.input_bias()._data))
        else:
            output = self.activation(projected + matmul(h, recurrent_kernel))
        return output, [output]

    def get_initial_state(self, batch_size=None):
        # defined on each cell, as Keras does, so that Python's argument errors name it
        # ("LSTMCell.get_initial_state() got an unexpected keyword argument 'dtype'", guide/effective_tf2)
        return super().get_initial_state(batch_size)


class _HalfSum:
    """A float16 step's unrounded ``x_t @ kernel`` (float32), told apart from regroups' bias-free arrays."""
    __slots__ = ('array',)

    def __init__(self, array):
        self.array = array


def _float16_regroups(sequences):
    """Whether a float16 SimpleRNN runs in a trace on static shapes with oneDNN on: TF 2.21 then computes a step's
    ``(x_t @ kernel + bias) + h @ recurrent_kernel`` as one kernel over the float32 product, adding the rounded
    ``h @ recurrent_kernel`` and then the bias before rounding once (grappler's regrouping, as float32's, fused
    into the MatMul). Measured (modelfuzz12 p31.py, p33.py: SimpleRNN(5) over 16 / 32 x 6 x 4 in a tf.function):
    every output of a tanh cell's steps; the half-precision sum of rounded terms left 121 of 480 off. A relu
    cell's graph differs (no candidate sum matched; p33.py): it keeps that sum."""
    return sequences._data.dtype == np.float16 and type(sequences._data) is np.ndarray \
        and bool(graph_rewrites.GATE[0]) and graph_rewrites.tracing() and graph_rewrites.static_shapes() \
        and onednn_policy.enabled()


def _float32_steps(cell, sequences, backwards):
    """Each step's ``x_t @ kernel`` of float16 operands, summed in float32 in order as oneDNN does, not rounded."""
    x = sequences._data
    kernel = cell.kernel._data.astype(np.float16)
    zero = np.zeros(kernel.shape[1], np.float16)
    wide = half_fused_affine(x.reshape(-1, x.shape[-1]), kernel, zero).reshape(x.shape[:-1] + (kernel.shape[1],))
    order = range(wide.shape[1] - 1, -1, -1) if backwards else range(wide.shape[1])
    return [wide[:, t] for t in order]


class SimpleRNN(CellRNN):
    """A fully connected recurrent layer over (batch, steps, features) inputs.

    Args: those of ``SimpleRNNCell`` (units, activation='tanh', use_bias,
    initializers, regularizers, constraints, dropout, recurrent_dropout,
    seed) and of ``RNN`` (return_sequences, return_state, go_backwards,
    stateful, unroll).
    """

    def __init__(self, units, activation='tanh', use_bias=True, kernel_initializer='glorot_uniform',
                 recurrent_initializer='orthogonal', bias_initializer='zeros', kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, seed=None, **kwargs):
        cell = SimpleRNNCell(
            units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
            recurrent_dropout=recurrent_dropout, seed=seed, dtype=kwargs.get('dtype'),
            trainable=kwargs.get('trainable', True), name='simple_rnn_cell')
        # Keras 3's SimpleRNN takes activity_regularizer and passes it nowhere (LSTM and GRU hand it to RNN): on
        # TF 2.21 it adds no loss, the layer's attribute and config say None, and any value ('abc') is taken
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, **kwargs)
        self.input_spec = InputSpec(ndim=3)

    def get_config(self):
        config = super().get_config()
        del config['seed']          # Keras 3's SimpleRNN config has no seed (its cell's has)
        return config

"""GRU (Cho 2014) with Keras 3's gate order z, r, h. With reset_after=True
(the default, cuDNN-compatible) the reset gate multiplies the recurrent
projection after the matmul and the bias has two rows (input, recurrent):

    x = x_t @ kernel + bias[0];  m = h_{t-1} @ recurrent_kernel + bias[1]
    z, r = recurrent_activation(x_z + m_z, x_r + m_r)
    hh = activation(x_h + r * m_h);  h_t = z * h_{t-1} + (1 - z) * hh

With reset_after=False: hh = activation(x_h + (r * h_{t-1}) @ recurrent_kernel_h).
"""
from framework.ops import matmul
from framework.variable import Variable

from .. import activations
from ..input_spec import InputSpec
from . import config_order, gru_gates
from .cell import RecurrentCell
from .cell_rnn import CellRNN, cell_property
from .config_order import in_keras_order
from . import gru_regrouped_step
from .regrouped_step_sum import bias_free_masked_steps, bias_free_steps, regroups
from .sliced_gate_reads import GRU_SLICES


class GRUCell(RecurrentCell):
    """The cell of ``GRU``: kernel (features, 3u), recurrent_kernel (u, 3u),
    bias (2, 3u) with reset_after, else (3u,).

    Args (besides the shared ones): recurrent_activation ('sigmoid'),
    reset_after (True).
    """
    gates = 3

    def __init__(self, units, activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal',
                 bias_initializer='zeros', kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, reset_after=True, seed=None, **kwargs):
        # Keras 3's parameters in its order (a positional call or a signature reader meets the same ones)
        self._implementation = kwargs.get('implementation', 2)
        super().__init__(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                         recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                         bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                         recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
                         recurrent_dropout=recurrent_dropout, seed=seed, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.reset_after = reset_after      # as given, as Keras 3 keeps it (its config too); read by truth
        self.gate_masks = self.recurrent_dropout != 0     # Keras switches to implementation 1 then

    def unrolled_graph_reads(self, return_sequences):
        # a sequence output's steps keep gru_sequence.py's path: there the states' gradients add as
        # TF's unrolled graph adds them (the per-step loop's did not, measured); reset_after=False not measured
        return self.reset_after and not return_sequences

    def bias_shape(self):
        return (2, 3 * self.units) if self.reset_after else (3 * self.units,)

    def gate_blocks(self):
        return 3 if self._implementation == 1 or self.gate_masks else 0     # Keras's implementation 1: x_g += b_g

    def input_gate_order(self):
        # TF 2.21's eager tape adds the step input's three gradients as (z + h) + r (measured: 30/30)
        return (0, 2, 1) if self.gate_masks or self._implementation == 1 else None

    def kernel_slices(self):
        # Keras's implementation 1 reads self.kernel[:, :u], [:, u:2u], [:, 2u:] (and a reset_after=False bias's
        # slices) at every step
        return GRU_SLICES if self._implementation == 1 or self.gate_masks else None

    _bias_read = None       # an eager loop's step-0 read of the bias while it projects (eager_step_reads.py)

    def _inference_reads(self):
        """The variables in the order Keras 3's GRUCell.call reads them, bias first, as TF 2.21's serving
        graph captures them (saved_model/keras_export.py)."""
        return [v for v in (self.bias, self.kernel, self.recurrent_kernel) if v is not None]

    def input_bias(self):
        if self.bias is None or not self.reset_after:
            return self.bias
        return self.bias[0] if self._bias_read is None else self._bias_read[0]

    def step_weight_reads(self):
        # Keras's GRUCell unstacks one read of its bias a call: the projection's half and the step's half
        if self.reset_after and type(self.bias) is Variable and self.reads_weights_per_call():
            kernel, bias = self.recurrent_kernel, self.bias._read_value()
            return (kernel._read_value() if type(kernel) is Variable else kernel, bias[1]), bias
        return super().step_weight_reads()

    def recurrent_weights(self):
        kernel, u = self.recurrent_kernel, self.units
        if self.reset_after:
            return kernel, (None if self.bias is None else self.bias[1])
        return kernel[:, :2 * u], kernel[:, 2 * u:]

    def project_steps(self, sequences, input_mask, backwards, graph_order=None):
        """RecurrentCell's steps; for Keras's implementation 1 (or recurrent dropout) in a traced step on
        static shapes, each with its ``x_t @ kernel`` without the input bias, which ``step`` adds as
        grappler regroups each gate's sum (gru_regrouped_step.py)."""
        steps = super().project_steps(sequences, input_mask, backwards, graph_order)
        if (self._implementation == 1 or self.gate_masks) and self.use_bias and graph_order is None \
                and regroups(self, sequences):
            bias_free = bias_free_masked_steps(self, sequences, input_mask, backwards) \
                if isinstance(input_mask, list) else bias_free_steps(self, sequences, input_mask, backwards)
            steps = list(zip(steps, bias_free))
        return steps

    def step(self, projected, states, weights, recurrent_mask=None):
        h = states[0]
        u = self.units
        if type(projected) is tuple:        # implementation 1 in a traced step on static shapes (project_steps)
            return gru_regrouped_step.step(self, *projected, h, recurrent_mask)
        if isinstance(recurrent_mask, list):        # one mask per gate (z, r, h): Keras's implementation 1
            return self._gate_by_gate_step(projected, h, weights, recurrent_mask)
        if recurrent_mask is None and (self._implementation == 1 or self.gate_masks):
            # Keras's implementation 1 with no mask drawn (inference, or no recurrent dropout): still a product
            # per gate, whose gradients TF's tape adds gate by gate (progs/gradfuzz23/p5.py)
            return self._gate_by_gate_step(projected, h, weights, None)
        h_masked = h if recurrent_mask is None else h * recurrent_mask
        if self.reset_after:
            kernel, bias = weights
            inner = matmul(h_masked, kernel)
            if gru_gates.applies(projected, inner, bias, h, self.recurrent_activation, self.activation):
                h = gru_gates.step_output(projected, inner, bias, h, u)     # the same values from one op, not sixteen
                return h, [h]
            if bias is not None:
                # Keras adds this bias with ``+=``: TF's AddV2, whose gradient is reduce_sum's
                # (the input bias's ops.add is a bias_add: BiasAddGrad's order)
                inner = inner + bias
            # z and r through the activation one at a time, as Keras does: TF's kernels round a
            # tensor's last size % 8 values apart from its packets of 8
            z = self.recurrent_activation(projected[:, :u] + inner[:, :u])
            r = self.recurrent_activation(projected[:, u:2 * u] + inner[:, u:2 * u])
            hh = self.activation(projected[:, 2 * u:] + r * inner[:, 2 * u:])
        else:
            kernel_zr, kernel_h = weights
            recurrent_zr = matmul(h_masked, kernel_zr)
            z = self.recurrent_activation(projected[:, :u] + recurrent_zr[:, :u])
            r = self.recurrent_activation(projected[:, u:2 * u] + recurrent_zr[:, u:])
            hh = self.activation(projected[:, 2 * u:] + matmul(r * h_masked, kernel_h))
        h = z * h + (1 - z) * hh
        return h, [h]

    def _gate_by_gate_step(self, projected, h, weights, masks):
        """Keras's implementation 1 (recurrent dropout): each gate's own masked h times its block of the
        recurrent kernel (plus its block of the recurrent bias), op by op as Keras's GRUCell.call writes
        it, no concatenated product (tests/test_rnnparity_gru_gate_by_gate.py). ``masks`` None: implementation 1
        without dropout masks (h itself in each gate)."""
        u, gate, act = self.units, self.recurrent_activation, self.activation
        x_z, x_r, x_h = (projected[:, g * u:(g + 1) * u] for g in range(3))
        h_z, h_r, h_h = (h,) * 3 if masks is None else (h * m for m in masks)
        kernel = self.recurrent_kernel      # each gate's block a read of its own, as Keras's
        if self.reset_after:
            bias = weights[1]
            recurrent_z, recurrent_r = matmul(h_z, kernel[:, :u]), matmul(h_r, kernel[:, u:2 * u])
            if bias is not None:
                recurrent_z = recurrent_z + bias[:u]      # (Keras's ``+=``: TF's AddV2)
                recurrent_r = recurrent_r + bias[u:2 * u]
        else:
            recurrent_z, recurrent_r = matmul(h_z, kernel[:, :u]), matmul(h_r, kernel[:, u:2 * u])
        z = gate(x_z + recurrent_z)
        r = gate(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = matmul(h_h, kernel[:, 2 * u:])
            if bias is not None:
                recurrent_h = recurrent_h + bias[2 * u:]
            recurrent_h = r * recurrent_h
        else:
            recurrent_h = matmul(r * h_h, kernel[:, 2 * u:])
        hh = act(x_h + recurrent_h)
        h = z * h + (1 - z) * hh
        return h, [h]

    def get_initial_state(self, batch_size=None):
        # defined on each cell, as Keras does, so that Python's argument errors name it
        # ("LSTMCell.get_initial_state() got an unexpected keyword argument 'dtype'", guide/effective_tf2)
        return super().get_initial_state(batch_size)

    def get_config(self):
        config = super().get_config()
        config.update(recurrent_activation=activations.serialize(self.recurrent_activation),
                      reset_after=self.reset_after)
        return in_keras_order(config, config_order.GRU_CELL)


class GRU(CellRNN):
    """Gated recurrent unit over (batch, steps, features) inputs.

    Args: those of ``GRUCell`` and of ``RNN`` (return_sequences,
    return_state, go_backwards, stateful, unroll); ``use_cudnn`` is
    accepted as 'auto' or False (there is no cuDNN path).
    """
    keras_config_keys = config_order.GRU
    takes_first_state = True
    recurrent_activation = cell_property('recurrent_activation')
    reset_after = cell_property('reset_after')

    def __init__(self, units, activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal', bias_initializer='zeros',
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False,
                 return_state=False, go_backwards=False, stateful=False, unroll=False, reset_after=True,
                 use_cudnn='auto', **kwargs):
        cell = GRUCell(
            units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
            recurrent_regularizer=recurrent_regularizer, bias_regularizer=bias_regularizer,
            kernel_constraint=kernel_constraint, recurrent_constraint=recurrent_constraint,
            bias_constraint=bias_constraint, dropout=dropout, recurrent_dropout=recurrent_dropout,
            reset_after=reset_after, dtype=kwargs.get('dtype'), trainable=kwargs.get('trainable', True),
            name='gru_cell', seed=seed, implementation=kwargs.pop('implementation', 2))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer, use_cudnn=use_cudnn, **kwargs)
        self.input_spec = InputSpec(ndim=3)

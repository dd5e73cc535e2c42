"""LSTM (Hochreiter 1997) with Keras 3's gate order i, f, c, o:

    z = x_t @ kernel + h_{t-1} @ recurrent_kernel + bias      (4 * units columns)
    i, f, o = recurrent_activation(z_i, z_f, z_o);  g = activation(z_c)
    c_t = f * c_{t-1} + i * g;  h_t = o * activation(c_t)
"""
from framework.ops import concat, matmul
from framework.ops.bias_add_kernel import add_bias

from .. import activations, initializers
from ..input_spec import InputSpec
from . import config_order, lstm_gates
from .cell import RecurrentCell
from .cell_rnn import CellRNN, cell_property
from .config_order import in_keras_order
from .regrouped_step_sum import bias_free_masked_steps, bias_free_steps, regrouped_sum, regroups


class LSTMCell(RecurrentCell):
    """The cell of ``LSTM``: kernel (features, 4u), recurrent_kernel (u, 4u),
    bias (4u,), states [h, c].

    Args (besides the shared ones): recurrent_activation ('sigmoid');
    unit_forget_bias (True): the forget gate's bias starts at 1 (the rest
    from ``bias_initializer``).
    """
    gates = 4
    complex_meets = 'Mul'
    float_units_fail_at_build = True    # Keras 3: "Cannot convert '(3, 10.0)' to a shape. ..." at build

    def unrolled_graph_reads(self, return_sequences):
        return True     # (unrolled_graph_order.py)

    def __init__(self, units, activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal',
                 bias_initializer='zeros', unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        # Keras 3's parameters in its order (a positional call or a signature reader meets the same ones)
        implementation = kwargs.get('implementation', 2)
        super().__init__(units, activation=activation, use_bias=use_bias, kernel_initializer=kernel_initializer,
                         recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
                         kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                         bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
                         recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
                         recurrent_dropout=recurrent_dropout, seed=seed, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = bool(unit_forget_bias)
        self.state_size = [self.units, self.units]
        self.given_state_size = self.state_size       # a list: Keras's RNN takes any units inside it
        self.gate_masks = self.recurrent_dropout != 0     # Keras switches to implementation 1 then
        self._implementation = implementation

    @property
    def _bias_last(self):
        """Keras's implementation 2 adds the bias last, (x @ kernel + h @ recurrent_kernel) + bias;
        implementation 1 (and ConvLSTMCell) adds it to each gate's input product first: other last bits."""
        return self._implementation != 1 and not self.gate_masks

    def make_bias_initializer(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        init, u = self.bias_initializer, self.units

        def forget_bias_one(shape, dtype=None):
            ones = initializers.get('ones')
            return concat([init((u,), dtype=dtype), ones((u,), dtype=dtype), init((2 * u,), dtype=dtype)], 0)
        return forget_bias_one

    def gate_blocks(self):
        return 4 if self._implementation == 1 or self.gate_masks else 0     # Keras's implementation 1: x_g += b_g

    def input_gate_order(self):
        # TF 2.21's eager tape adds the step input's four gradients as ((f + o) + i) + c (measured: 30/30)
        return (1, 3, 0, 2) if self.gate_masks or self._implementation == 1 else None

    def input_bias(self):
        return None if self._bias_last else self.bias

    def recurrent_weights(self):
        return (self.recurrent_kernel, self.bias) if self._bias_last else (self.recurrent_kernel,)

    def states_read_twice(self, recurrent_mask):
        # h_t is read by the next step's product and the sequence output, c_t by the next step's
        # f * c and this step's activation (read once by sigmoid and tanh; a user's may read it
        # more, as h_t's dropout masks do; a subclass's step may read them more)
        return recurrent_mask is None and self.recurrent_activation is activations.sigmoid and \
            self.activation is activations.tanh and type(self).step is LSTMCell.step

    def project_steps(self, sequences, input_mask, backwards, graph_order=None):
        """RecurrentCell's steps; for Keras's implementation 1 (recurrent dropout) in a traced step on static
        shapes at inference, each with its ``x_t @ kernel`` without the bias: grappler regroups each gate's
        ``(x_t @ k_g + b_g) + h @ r_g`` to ``(x_t @ k_g + h @ r_g) + b_g`` as SimpleRNN's sum
        (regrouped_step_sum.py). Measured on TF 2.21: LSTM(2, recurrent_dropout=0.3) on 3 or 5 sequences in
        a tf.function differs from eager, and from this regrouped sum in no value (notes/progs/layers14/tr1.py)."""
        steps = super().project_steps(sequences, input_mask, backwards, graph_order)
        if not self._bias_last and self.use_bias and graph_order is None and regroups(self, sequences):
            bias_free = bias_free_masked_steps(self, sequences, input_mask, backwards) \
                if isinstance(input_mask, list) else bias_free_steps(self, sequences, input_mask, backwards)
            steps = list(zip(steps, bias_free))
        return steps

    def step(self, projected, states, weights, recurrent_mask=None):
        recurrent_kernel, *bias_last = weights       # the bias, when it comes last
        h, c = states
        u, gate, act = self.units, self.recurrent_activation, self.activation
        bias = bias_last[0] if bias_last else None
        if type(projected) is tuple:        # implementation 1 in a traced step on static shapes (project_steps)
            projected, bias_free = projected
            if isinstance(recurrent_mask, list):        # (one product per gate's masked h, side by side)
                r = concat([matmul(h * m, recurrent_kernel[:, g * u:(g + 1) * u]) for g, m in enumerate(recurrent_mask)],
                           axis=1)
            else:
                r = matmul(h, recurrent_kernel)
            z = regrouped_sum(projected, r, bias_free, self.bias._data)
            i, f, o = gate(z[:, :u]), gate(z[:, u:2 * u]), gate(z[:, 3 * u:])
            c = f * c + i * act(z[:, 2 * u:3 * u])
            h = o * act(c)
            return h, [h, c]
        if recurrent_mask is None and (self._implementation == 1 or self.gate_masks):
            # Keras's implementation 1 with no mask drawn (inference, or no recurrent dropout): still a product
            # per gate, whose gradients TF's tape adds gate by gate (progs/gradfuzz23/p5.py: 0 of 324 off)
            return self._gate_by_gate_step(projected, h, c, recurrent_kernel, bias, None)
        if recurrent_mask is None and lstm_gates.applies_from_state(projected, h, recurrent_kernel, bias, c, gate, act):
            h, c = lstm_gates.step_from_state(projected, h, recurrent_kernel, bias, c, u)    # r's product in z's op
            return h, [h, c]
        if isinstance(recurrent_mask, list):            # one mask per gate: Keras's implementation 1
            return self._gate_by_gate_step(projected, h, c, recurrent_kernel, bias, recurrent_mask)
        r = matmul(h if recurrent_mask is None else h * recurrent_mask, recurrent_kernel)
        if lstm_gates.applies(projected, r, bias, c, gate, act):     # the same values from two ops, not fifteen
            h, c = lstm_gates.step(projected, r, bias, c, u)
            return h, [h, c]
        z = projected + r
        if bias is not None:
            # Keras's ops.add(z, bias): TF's backend makes it a bias_add, whose gradient is BiasAddGrad's
            z = add_bias(z, bias)
        i = gate(z[:, :u])
        f = gate(z[:, u:2 * u])
        g = act(z[:, 2 * u:3 * u])
        o = gate(z[:, 3 * u:])
        c = f * c + i * g
        h = o * act(c)
        return h, [h, c]

    def _gate_by_gate_step(self, projected, h, c, recurrent_kernel, bias, masks):
        """Keras's implementation 1 (recurrent dropout): each gate's own masked h times its block of the
        recurrent kernel, added to its block of the input projection, op by op as Keras writes
        _compute_carry_and_output: the kernel's and bias's gradients are then TF's, where one product
        concatenated over the gates differed in last bits (tests/test_rnnparity_lstm_gate_by_gate.py).
        ``masks`` None: implementation 1 without dropout masks (h itself in each gate)."""
        u, gate, act = self.units, self.recurrent_activation, self.activation
        if bias is not None:
            projected = add_bias(projected, bias)
        recurrent_kernel = self.recurrent_kernel     # each gate's block a read of its own, as Keras's
        x_i, x_f, x_c, x_o = (projected[:, g * u:(g + 1) * u] for g in range(4))
        h_i, h_f, h_c, h_o = (h,) * 4 if masks is None else (h * m for m in masks)
        i = gate(x_i + matmul(h_i, recurrent_kernel[:, :u]))
        f = gate(x_f + matmul(h_f, recurrent_kernel[:, u:2 * u]))
        c = f * c + i * act(x_c + matmul(h_c, recurrent_kernel[:, 2 * u:3 * u]))
        o = gate(x_o + matmul(h_o, recurrent_kernel[:, 3 * u:]))
        h = o * act(c)
        return h, [h, c]

    def get_initial_state(self, batch_size=None):
        # defined on each cell, as Keras does, so that Python's argument errors name it
        # ("LSTMCell.get_initial_state() got an unexpected keyword argument 'dtype'", guide/effective_tf2)
        return super().get_initial_state(batch_size)

    def get_config(self):
        config = super().get_config()
        config.update(recurrent_activation=activations.serialize(self.recurrent_activation),
                      unit_forget_bias=self.unit_forget_bias)
        return in_keras_order(config, config_order.LSTM_CELL)


class LSTM(CellRNN):
    """Long short-term memory over (batch, steps, features) inputs.

    Args: those of ``LSTMCell`` and of ``RNN`` (return_sequences,
    return_state, go_backwards, stateful, unroll); ``use_cudnn`` is
    accepted as 'auto' or False (there is no cuDNN path).
    Returns: the last h (batch, units), or every h (batch, steps, units) with
    return_sequences; with return_state also the final h and c.
    """
    keras_config_keys = config_order.LSTM
    recurrent_activation = cell_property('recurrent_activation')
    unit_forget_bias = cell_property('unit_forget_bias')

    def __init__(self, units, activation='tanh', recurrent_activation='sigmoid', use_bias=True,
                 kernel_initializer='glorot_uniform', recurrent_initializer='orthogonal', bias_initializer='zeros',
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False,
                 return_state=False, go_backwards=False, stateful=False, unroll=False, use_cudnn='auto', **kwargs):
        cell = LSTMCell(
            units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
            kernel_initializer=kernel_initializer, unit_forget_bias=unit_forget_bias,
            recurrent_initializer=recurrent_initializer, bias_initializer=bias_initializer,
            kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
            bias_regularizer=bias_regularizer, kernel_constraint=kernel_constraint,
            recurrent_constraint=recurrent_constraint, bias_constraint=bias_constraint, dropout=dropout,
            recurrent_dropout=recurrent_dropout, dtype=kwargs.get('dtype'),
            trainable=kwargs.get('trainable', True), name='lstm_cell', seed=seed,
            implementation=kwargs.pop('implementation', 2))
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         activity_regularizer=activity_regularizer, use_cudnn=use_cudnn, **kwargs)
        self.input_spec = InputSpec(ndim=3)

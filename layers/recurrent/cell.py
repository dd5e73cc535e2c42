"""What the built-in recurrent cells share: Keras 3's arguments, the
kernel / recurrent_kernel weights, the dropout masks and the config.

A cell computes one time step. Its work is split in two so that ``RNN``
can run a sequence fast: ``project(inputs)`` is the input half
(``inputs @ kernel + bias``), which works on a whole (batch, steps,
features) sequence in one matmul, and ``step(projected, states)`` is the
recurrent half, run once per step. ``call`` joins them for one step, as a
Keras cell's ``call(inputs, states)`` does.
"""
import numpy as np

from framework.ops.graph_input_errors import eager_input_error
from framework.keras import random as keras_random
from framework.keras.seed_generator import SeedGenerator
from framework.ops import affine, concat, expand_dims, graph_rewrites, ones, zeros
from framework.ops.operands import ACTIVE
from framework.tensor import Tensor
from framework.variable import Variable

from .. import activations, call_context, constraints, initializers, regularizers
from ..failed_build import keep_build
from ..integer_inputs import promoted
from ..layer import Layer
from ..training_flag import training_is_on
from ..undefined_weight_shape import undefined_shape_error
from .sequence_projection import (projection_steps, sequence_projection, tracked_projection_steps,
                                  untracked)
from .step_term_sums import chunked
from .time_steps import time_steps


def check_units(units, who, keep_float=False):
    """Keras 3's check, ``units <= 0``: a string, None or tuple fails the comparison with Python's
    TypeError; bools and scalar integer tensors are taken as the ints they hold. ``keep_float``: a
    Python float is kept (LSTMCell's list state size lets it through; its kernel's shape fails at build)."""
    try:
        refused = units <= 0
    except TypeError as error:
        error.add_note('%s: units is a positive integer' % who)
        raise
    if refused:
        error = ValueError('Received an invalid value for argument `units`, expected a positive integer, got %s.'
                           % (units,))        # Keras 3's text
        error.add_note('%s: units is a positive integer' % who)
        raise error
    if isinstance(units, Tensor) and units.dtype.is_integer and not units.shape:
        return int(units)
    if keep_float and isinstance(units, float):
        return units
    if not isinstance(units, (int, np.integer)):
        # Keras 3 takes a float here and refuses it in RNN's state_size check; GRU(2.5) and SimpleRNN(2.5)
        # give this text (LSTM's list state_size lets it through to a later failure).
        error = ValueError('state_size must be an integer, or a list/tuple of integers (one for each state '
                           'tensor).')
        error.add_note('%s: received an invalid value for argument `units`, expected a positive integer, got %r'
                       % (who, units))
        raise error
    return int(units)


def check_rate(rate, name, who):
    """A dropout rate clipped to [0, 1], as Keras clips it (min(1.0, max(0.0, rate))): any number, bool,
    NumPy scalar or scalar tensor is taken (NaN clips to 0); a string or None fails the comparison with
    Python's TypeError, as in Keras, with a note naming the argument."""
    try:
        clipped = min(1.0, max(0.0, rate))
    except TypeError as error:
        error.add_note('%s: %s must be a float between 0 and 1, got %r' % (who, name, rate))
        raise
    return float(clipped)


def steps_run_by_layer(cell):
    """Whether an RNN layer may run ``cell``'s steps itself (its projections and ``step``) instead of calling the
    cell: a built-in cell whose call no subclass outside tapeflow overrides. Keras 3 calls the cell at every step,
    so a subclass's own call (a layer-normalized LSTMCell, a GRUCell scaling what super().call gives) is what the
    steps compute."""
    # (a class made by exec() without a __name__ in its globals has no module: a user's)
    return isinstance(cell, RecurrentCell) and (type(cell).call.__module__ or '').split('.')[0] == 'layers'


class RecurrentCell(Layer):
    """The base of SimpleRNNCell, LSTMCell and GRUCell.

    Subclasses set ``gates`` (how many blocks of ``units`` columns the
    kernels have), may override ``bias_shape`` / ``make_bias_initializer``,
    and write ``step``.
    """
    gates = 1
    # the TF kernel where a complex input first meets a float tensor (Keras 3 on TF 2.21)
    complex_meets = 'AddV2'

    def __init__(self, units, activation='tanh', use_bias=True, kernel_initializer='glorot_uniform',
                 recurrent_initializer='orthogonal', bias_initializer='zeros', kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 seed=None, **kwargs):
        kwargs.pop('implementation', None)     # Keras's kernel-splitting choice: the results are the same
        super().__init__(**kwargs)
        if self.seed_generator_first:
            self.seed_generator = SeedGenerator(seed)
        who = '%s %r' % (type(self).__name__, self.name)
        self.units = check_units(units, who, keep_float=self.float_units_fail_at_build)
        self.activation = activations.get(activation)
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.recurrent_regularizer = regularizers.get(recurrent_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.recurrent_constraint = constraints.get(recurrent_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.dropout = check_rate(dropout, 'dropout', who)
        self.recurrent_dropout = check_rate(recurrent_dropout, 'recurrent_dropout', who)
        self.seed = seed
        # Made where Keras 3 makes it (last, or first for SimpleRNN): an unseeded one takes its seed
        # from Python's random in Keras's order, so seeded programs draw Keras's weights and masks.
        if not self.seed_generator_first:
            self.seed_generator = SeedGenerator(seed)
        self.state_size = self.units
        # Keras 3's cell keeps the units it was given as its state size, which its RNN layer refuses when
        # that is no Python int (a numpy integer or a tensor: SimpleRNN(np.int64(3)) raises on TF 2.21)
        self.given_state_size = units
        self.output_size = self.units
        self.kernel = self.recurrent_kernel = self.bias = None
        self.sequence_masks = None      # (input, recurrent) masks an RNN holds for a stack's sequence

    seed_generator_first = False        # SimpleRNNCell: Keras makes its generator before its initializers
    masks_drawn_when_inferring = False  # SimpleRNNCell: Keras draws its masks on every call, even alone
    gate_masks = False                  # one dropout mask per gate (LSTMCell with recurrent dropout)
    float_units_fail_at_build = False   # LSTMCell: Keras 3 takes units=2.5 and fails making the kernel

    # ---- weights -------------------------------------------------------------------
    def bias_shape(self):
        return (self.gates * self.units,)

    def make_bias_initializer(self):
        return self.bias_initializer

    def build(self, input_shape):
        input_dim = input_shape[-1]
        width = self.gates * self.units
        if input_dim is None:       # Keras 3's Variable refuses the kernel's shape
            raise undefined_shape_error(self, (None, width), 'kernel',
                                        '%s %r: the last axis of the input (its features) must be known to build, '
                                        'got shape %s' % (type(self).__name__, self.name, tuple(input_shape)))
        # (a list of sequences given to the layer: Keras's step shape holds a whole shape there, which its Variable
        # refuses, as add_weight does)
        self.kernel = self.add_weight(shape=(input_dim if isinstance(input_dim, tuple) else int(input_dim), width),
                                      name='kernel',
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(shape=(self.units, width), name='recurrent_kernel',
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)
        if self.use_bias:
            self.bias = self.add_weight(shape=self.bias_shape(), name='bias',
                                        initializer=self.make_bias_initializer(),
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.built = True

    # ---- computing -------------------------------------------------------------------
    def unrolled_graph_reads(self, return_sequences):
        """Whether a traced unrolled loop reads this cell's weights at each step in the graph's order
        (unrolled_graph_order.py); measured for SimpleRNN, LSTM and GRU cells."""
        return False

    def input_gate_order(self):
        """With one dropout mask per gate (Keras's implementation 1), the order in which TF adds the
        gates' parts of the inputs' gradient (sequence_projection.py); None: one product."""
        return None

    def kernel_slices(self):
        """Where Keras's cell slices its kernel per gate at every step (a GRU of implementation 1), the order in
        which TF's tape visits a step's slices (sliced_gate_reads.py); None: the kernel is read once a step."""
        return None

    def gate_blocks(self):
        """The number of gate blocks Keras's cell (implementation 1) multiplies by its kernel apart, adding each
        block's bias with ``+=`` (TF's AddV2, whose gradient is each block's reduce_sum); 0 where it multiplies
        once and adds the bias with ``ops.add``, which Keras's TF backend makes a bias_add (BiasAddGrad's)."""
        return 0

    def input_bias(self):
        return self.bias

    def _complex_refusal(self, inputs, kernel):
        """Keras promotes complex inputs with the float kernel to complex; the cell's step then adds or
        multiplies them with its float state or bias, which TF's kernels refuse (tapeflow dropped the
        imaginary part and computed)."""
        error = eager_input_error(self.complex_meets, 1, inputs.dtype, kernel.dtype)
        error.add_note('%s %r: the input is %s; recurrent layers compute in real floats, take tf.math.real(x) or '
                       'tf.abs(x) first' % (type(self).__name__, self.name, inputs.dtype.name))
        return keep_build(error)

    def project(self, inputs, backwards=None, graph_order=None):
        """``inputs @ kernel + bias`` for one step (batch, features) or a whole sequence; a sequence
        that a loop steps through (``backwards``: last step first, or not) gets its kernel's gradient
        summed step by step, as TF's loop sums it (sequence_projection.py; ``graph_order``: as a
        traced unrolled loop sums it)."""
        kernel = self.kernel
        inputs = self._promoted(inputs, kernel)
        if backwards is not None and inputs.ndim == 3:
            return sequence_projection(inputs, kernel, self.input_bias(), backwards, graph_order,
                                       self.input_gate_order())
        return affine(inputs, kernel, self.input_bias())

    def project_steps(self, sequences, input_mask, backwards, graph_order=None):
        """The projected time steps rnn.py's loop visits (last first when ``backwards``): of an input no
        tape tracks, each step an op of its own (sequence_projection.projection_steps), else the
        steps cut from ``project_masked``'s sequence. With ``graph_order`` (a traced unrolled loop,
        unrolled_graph_order.py) the steps are cut from one projection whose weights' gradients
        add in that order."""
        if graph_order is not None and not isinstance(input_mask, list) and \
                type(self).project is RecurrentCell.project:
            inputs = sequences if input_mask is None else sequences * _broadcast_mask(input_mask, sequences)
            return time_steps(self.project(inputs, backwards, graph_order), backwards)
        if isinstance(input_mask, list):
            return time_steps(self.project_masked(sequences, input_mask, backwards), backwards)
        inputs = sequences if input_mask is None else sequences * _broadcast_mask(input_mask, sequences)
        # (an eager loop of ten or more steps takes one projection, whose rules add the steps' terms
        # as AddN: step_term_sums.py)
        # (implementation 1's sums in an eager tape's order, measured; a traced step keeps its earlier sums)
        eager_sums = ACTIVE and not (graph_rewrites.GATE[0] and graph_rewrites.tracing())
        slices = self.kernel_slices() if eager_sums else None
        blocks = self.gate_blocks()
        if inputs.ndim == 3 and untracked(inputs) and slices is None and not (ACTIVE and chunked(inputs.shape[1])):
            kernel = self.kernel
            steps = projection_steps(self._promoted(inputs, kernel), kernel, self.input_bias(), backwards, blocks,
                                     eager_sums)
            return steps[::-1] if backwards else steps
        if inputs.ndim == 3 and type(self).project is RecurrentCell.project:
            # a tracked input (stacked RNNs, Embedding -> LSTM): slices whose array gradients are their own
            kernel = self.kernel
            gates = self.input_gate_order()
            extra = () if gates is None else (gates,)       # (as few arguments as the usual case takes)
            if slices is not None or blocks:
                # (a sliced kernel's terms add as one AddN of all the steps' slices; an added bias as reduce_sum's)
                sliced_bias = slices is not None and self.input_bias() is self.bias
                extra = (gates, slices, sliced_bias, blocks, eager_sums)
            return tracked_projection_steps(self._promoted(inputs, kernel), kernel, self.input_bias(), backwards, *extra)
        return time_steps(self.project(inputs, backwards), backwards)

    def _promoted(self, inputs, kernel):
        """Integer inputs promoted to the kernel's dtype, as Keras promotes them; complex ones refused."""
        if inputs._data.dtype is not kernel._data.dtype:
            if inputs._data.dtype.kind == 'c':
                raise self._complex_refusal(inputs, kernel)
            inputs = promoted(inputs, kernel.dtype)
        return inputs

    def recurrent_weights(self):
        """The recurrent weights ``step`` reads, taken once per sequence
        (slices of a variable are copies, so they are not cut at every step)."""
        return (self.recurrent_kernel,)

    def states_read_twice(self, recurrent_mask):
        """Whether a step's output and new states are each read twice at most in the loop (by the next
        step and the sequence output): their gradients then add alike in any grouping, and the RNN's
        loop needs no identities to group them as TensorFlow's backward while loop does."""
        return False

    def step(self, projected, states, weights, recurrent_mask=None):
        """One step from the projected input: returns (output, list of new states)."""
        raise TypeError('%s must implement step(projected, states, weights, recurrent_mask)'
                        % type(self).__name__)

    def dropout_masks(self, batch, features, training, in_rnn=False):
        """(input mask, recurrent mask) for one sequence: 0 or 1 / (1 - rate) per
        feature, drawn once and reused at every step, as Keras's DropoutRNNCell
        does; None where no dropout applies. With ``gate_masks`` (Keras's
        implementation 1, which an LSTM switches to for recurrent dropout) each is
        a list of one mask per gate.

        The masks are drawn even when not training, as Keras 3 draws them (and
        then leaves them unused), so that later draws follow Keras's seeds: an RNN
        layer draws them on every call (``in_rnn``; its ``_maybe_config_dropout_masks``)
        and a SimpleRNNCell called alone does too (``masks_drawn_when_inferring``).
        A functional call's run on zeros draws nothing: Keras traces it symbolically.
        """
        if call_context.probing() or not (training_is_on(training) or in_rnn or self.masks_drawn_when_inferring):
            return None, None
        count = self.gates if self.gate_masks else None
        input_mask = self._mask(self.input_mask_shape(batch, features), self.dropout, count)
        recurrent_mask = self._mask(self.state_mask_shape(batch), self.recurrent_dropout, count)
        return (input_mask, recurrent_mask) if training else (None, None)

    def input_mask_shape(self, batch, features):
        """The shape of one step's input, which the input dropout mask covers."""
        return (batch, features)

    def state_mask_shape(self, batch):
        """The shape of the state h, which the recurrent dropout mask covers."""
        return (batch, self.units)

    def _mask(self, shape, rate, count):
        if not 0.0 < rate < 1.0:
            return None
        if count is None:
            return keras_random.dropout(ones(shape, self.compute_dtype), rate, seed=self.seed_generator)
        return [keras_random.dropout(ones(shape, self.compute_dtype), rate, seed=self.seed_generator)
                for _ in range(count)]

    def project_masked(self, inputs, input_mask, backwards=None):
        """``project`` of ``inputs`` under the input mask (a list: one mask per gate's block of the kernel)."""
        if input_mask is None:
            return self.project(inputs, backwards)
        if not isinstance(input_mask, list):
            return self.project(inputs * _broadcast_mask(input_mask, inputs), backwards)
        kernel, bias, u = self.kernel, self.input_bias(), self.units
        if inputs._data.dtype is not kernel._data.dtype:
            if inputs._data.dtype.kind == 'c':
                raise self._complex_refusal(inputs, kernel)
            inputs = promoted(inputs, kernel.dtype)
        return concat([affine(inputs * _broadcast_mask(m, inputs), kernel[:, g * u:(g + 1) * u],
                              None if bias is None else bias[g * u:(g + 1) * u])
                       for g, m in enumerate(input_mask)], axis=-1)

    def call(self, inputs, states, training=False):
        """One step: ``inputs`` (batch, features) and ``states`` (a tensor or a list)."""
        listed = isinstance(states, (list, tuple))
        state_list = list(states) if listed else [states]
        masks = self.sequence_masks
        input_mask, recurrent_mask = self.dropout_masks(inputs.shape[0], inputs.shape[-1], training) \
            if masks is None else masks
        weights, bias_read = self.step_weight_reads()
        if bias_read is None:
            projected = self._step_projection(inputs, input_mask)
        else:       # (GRUCell: the projection takes its half of the step's one read of the bias)
            self._bias_read = bias_read
            try:
                projected = self._step_projection(inputs, input_mask)
            finally:
                self._bias_read = None
        output, new_states = self.step(projected, state_list, weights, recurrent_mask)
        return output, (new_states if listed or len(new_states) > 1 else new_states[0])

    def step_weight_reads(self):
        """(the recurrent weights one call's step takes, the bias read its projection takes or None).

        Keras's cell reads each weight (a ReadVariableOp) at every call, so TF's eager tape adds a variable's
        gradient from one term a step (an AddN from ten: step_term_sums.py). Read here once a call, a weight
        that several of the step's ops take (the fused LSTM step's two ops each take the bias) gives one term
        a step too, not one per op (RNN(StackedRNNCells([LSTMCell(2)])) over 5 steps: the bias gradient was
        1-2 ulps off; notes progs/layers16/sb3.py). Keras's implementation 1, which slices its weights per
        gate at every step, keeps its slices (sliced_gate_reads.py)."""
        weights = self.recurrent_weights()
        if not self.reads_weights_per_call():
            return weights, None
        return tuple(w._read_value() if type(w) is Variable else w for w in weights), None

    def reads_weights_per_call(self):
        """Whether Keras's cell reads each whole weight once a call (not implementation 1's per-gate slices)."""
        return self.kernel_slices() is None and not getattr(self, 'gate_masks', False) and \
            getattr(self, '_implementation', None) != 1

    def _step_projection(self, inputs, input_mask):
        """``project_masked`` of one step; in a traced step on static shapes, the step as the cell's own
        ``project_steps`` gives it (with its bias-free product where grappler regroups the cell's sum,
        regrouped_step_sum.py), as rnn.py's loop gets it: cells called one step at a time (a stack of
        cells) sum as the same cell in its own layer (TF 2.21: RNN([SimpleRNNCell(3), SimpleRNNCell(2)]) in a
        tf.function; notes/progs/layers14/tr10.py)."""
        if self.use_bias and type(self).project_steps is not RecurrentCell.project_steps:
            from .regrouped_step_sum import regroups        # (that module imports this one)
            if regroups(self, inputs):
                return self.project_steps(expand_dims(inputs, 1), input_mask, False)[0]
        return self.project_masked(inputs, input_mask)

    def get_initial_state(self, batch_size=None):
        sizes = self.state_size if isinstance(self.state_size, (list, tuple)) else [self.state_size]
        return [zeros((batch_size, size), self.compute_dtype) for size in sizes]

    def get_config(self):
        config = super().get_config()
        config.update({
            'units': self.units,
            'activation': activations.serialize(self.activation),
            'use_bias': self.use_bias,
            'kernel_initializer': initializers.serialize(self.kernel_initializer),
            'recurrent_initializer': initializers.serialize(self.recurrent_initializer),
            'bias_initializer': initializers.serialize(self.bias_initializer),
            'kernel_regularizer': regularizers.serialize(self.kernel_regularizer),
            'recurrent_regularizer': regularizers.serialize(self.recurrent_regularizer),
            'bias_regularizer': regularizers.serialize(self.bias_regularizer),
            'kernel_constraint': constraints.serialize(self.kernel_constraint),
            'recurrent_constraint': constraints.serialize(self.recurrent_constraint),
            'bias_constraint': constraints.serialize(self.bias_constraint),
            'dropout': self.dropout,
            'recurrent_dropout': self.recurrent_dropout,
            'seed': self.seed,
        })
        return config


def _broadcast_mask(mask, inputs):
    """A (batch, features) mask for one step, or expanded over the steps of a whole sequence."""
    return expand_dims(mask, 1) if inputs.ndim == 3 else mask

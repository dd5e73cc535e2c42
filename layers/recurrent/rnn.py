"""RNN: runs a cell over the time steps of a (batch, steps, features) sequence.

The loop is plain Python over framework ops, so a GradientTape records
every step and the gradient is back-propagation through time. For the
built-in cells the input half of every step (``x_t @ kernel + bias``) is
one matmul over the whole sequence before the loop; each step then does
one matmul with the recurrent kernel for all gates together.
"""
from contextlib import nullcontext

import numpy as np

from framework import graph_random_ops, nest
from framework.errors import InvalidArgumentError
from framework.backend import array_module
from framework.ops import cast, identity, reshape, where, zeros
from framework.ops.operands import ACTIVE
from framework.tensor import Tensor, convert_to_tensor
from framework.variable import Variable

from .. import autocast as autocasting, call_context
from ..layer import Layer, builds_by_calling, warn_unbuilt_state
from ..mask_propagation import as_mask
from ..serialization import deserialize, serialize
from ..stacked_rnn_cells import StackedRNNCells
from . import cell_loop_calls, eager_step_reads, gru_sequence, lstm_sequence, sequence_dropout, simple_rnn_sequence, stateful_states, unrolled_graph_order
from . import sequence_weight_reads
from .cell import RecurrentCell, steps_run_by_layer
from .initial_state_build import InitialStateBuildConfig
from .sequence_mask_errors import mask_shape_error, no_steps_error, refuse_python_mask
from .step_input_error import conv_step_error, state_width_error, step_input_error, step_type_error
from .step_outputs import stacked_steps
from .step_term_sums import chunked
from .time_steps import time_steps
from .unrolled_zero_outputs import zero_unrolled_outputs


def step_masks(mask, batch, steps, reverse, who, layer):
    """The (batch, 1) bool tensor of each step, in the order the loop runs them; None without a mask.

    Raises:
        a mask that is not (batch, steps): TF 2.21's error for it (sequence_mask_errors.py).
    """
    if mask is None:
        return None
    refuse_python_mask(mask)
    mask = nest.flatten(mask)[0] if isinstance(mask, (list, tuple)) else mask
    if mask is None:
        return None
    mask = as_mask(mask)
    given = tuple(mask.shape)
    if len(given) == 3 and given[2] == 1:
        mask = Tensor(mask._data[:, :, 0])      # Keras 3 broadcasts a trailing 1: the same masking (TF 2.21)
    if tuple(mask.shape) == (1, steps) and batch != 1:
        # TF's select broadcasts a mask of one row over the batch: every sequence masked alike
        mask = Tensor(array_module(mask._data).broadcast_to(mask._data, (batch, steps)))
    if tuple(mask.shape) != (batch, steps):
        raise mask_shape_error(layer, tuple(mask.shape), given, batch, steps, who)
    data = mask._data
    keep = [Tensor(data[:, t:t + 1]) for t in range(steps)]
    return keep[::-1] if reverse else keep


class RNN(InitialStateBuildConfig, Layer):
    """A recurrent layer around ``cell`` (Keras 3's ``keras.layers.RNN``).

    Args:
        cell: a Layer with ``state_size`` and ``call(inputs, states)``
            returning ``(output, new_states)``; the built-in cells are
            SimpleRNNCell, LSTMCell and GRUCell. A list of cells is wrapped
            in StackedRNNCells, as in Keras.
        return_sequences: return the output of every step (batch, steps, units)
            instead of the last one (batch, units).
        return_state: also return the final states: ``(output, *states)``.
        go_backwards: run the sequence from its last step; the outputs then
            come in that (reversed) order, as in Keras.
        stateful: keep the final states of each call as the initial states
            of the next (for a fixed batch size; see ``reset_state``). The
            states are ``layer.states``, Variables made when it is built.
        unroll: accepted; the Python loop runs the same either way.
        zero_output_for_mask: the output of a masked step is zeros instead
            of the previous step's output.
    Call args:
        sequences: (batch, steps, features).
        initial_state: a tensor or a list of them, one per state of the cell.
        mask: (batch, steps) bools, False for a step to skip: the states
            stay as they were and the output repeats the previous one (or is
            zeros, see zero_output_for_mask), as in Keras. By default the mask
            the input carries (from Embedding(mask_zero=True) or Masking).
        training: turns on the cell's dropout.
    Raises:
        ValueError: a bad cell, a mask of the wrong shape, an empty sequence,
            initial states of the wrong number or shape, or (stateful) a batch
            size that is not static or not the one the states were made for.
    """
    supports_masking = True

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, zero_output_for_mask=False, **kwargs):
        super().__init__(**kwargs)
        who = '%s %r' % (type(self).__name__, self.name)
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)        # as Keras 3: a list of cells runs as one stacked cell
        if not callable(getattr(cell, 'call', None)):      # Keras 3's checks and texts
            raise ValueError('Argument `cell` should have a `call` method. Received: cell=%s' % (cell,))
        if getattr(cell, 'state_size', None) is None:
            raise ValueError('The RNN cell should have a `state_size` attribute (single integer or list of integers, '
                             'one integer per RNN state). Received: cell=%s' % (cell,))
        given = getattr(cell, 'given_state_size', cell.state_size)
        if not isinstance(given, (list, tuple, int)):
            error = ValueError('state_size must be an integer, or a list/tuple of integers (one for each state '
                               'tensor).')         # Keras 3's text
            error.add_note('%s: the cell\'s state size is %r (of type %s); pass units as a Python int'
                           % (who, given, type(given).__name__))
            raise error
        self.cell = cell
        self.return_sequences = bool(return_sequences)
        self.return_state = bool(return_state)
        self.go_backwards = bool(go_backwards)
        self.stateful = bool(stateful)
        self.states = None          # a stateful layer's Variables, made when it is built
        self.unroll = bool(unroll)
        self.zero_output_for_mask = bool(zero_output_for_mask)
        sizes = cell.state_size
        self.state_size = list(sizes) if isinstance(sizes, (list, tuple)) else [sizes]

    def build(self, sequences_shape, initial_state_shape=None):
        if isinstance(sequences_shape, dict):       # Keras 3 slices it as one shape: KeyError 0 (TF 2.21)
            raise KeyError(0)
        shape = tuple(sequences_shape)
        # nested sequences (a tuple of shapes): Keras 3 slices the outer tuple as one shape all the
        # same, so the cell's build sees ((batch, steps, features_1),) (the RNN guide's NestedCell
        # then fails in its own build: IndexError 'tuple index out of range')
        if len(shape) < 3 and not (shape and isinstance(shape[0], (tuple, list))):
            raise ValueError('%s %r: expected input of shape (batch, steps, features), got shape %s'
                             % (type(self).__name__, self.name, shape))
        if not self.cell.built:
            if builds_by_calling(self.cell):
                # Keras 3 calls the cell's build(): the default one warns that the sublayers stay unbuilt
                # (Géron's LNSimpleRNNCell); they are built by the cell's first call
                warn_unbuilt_state(self.cell.name)
            with call_context.scope(self):      # the cell's weights are named under this layer
                self.cell._build_from_shape((shape[0],) + shape[2:])
        if self.stateful:
            if self.states is not None:
                self.reset_state()
            else:
                self.states = stateful_states.create_state_variables(self, shape)
        self.built = True

    def reset_state(self):
        """Zero the states a stateful layer keeps (nothing for other layers)."""
        stateful_states.reset(self.states)

    def reset_states(self):
        """The Keras 2 spelling, kept by Keras 3 as its own method (errors name it)."""
        self.reset_state()

    def call(self, sequences, initial_state=None, mask=None, training=False):
        who = '%s %r' % (type(self).__name__, self.name)
        batch, steps = sequences.shape[0], sequences.shape[1]
        if steps == 0:
            raise no_steps_error(who, sequences.shape)
        if isinstance(self.cell, StackedRNNCells) and not self.cell.cells:
            raise IndexError('list index out of range')     # Keras 3's loop over a stack of no cells (RNN([]))
        if self.stateful:
            stateful_states.check_batch(self, batch, sequences)
            if initial_state is None:
                initial_state = stateful_states.current(self)
        states = self._initial_states(sequences, initial_state, who, training)
        keep = step_masks(mask, batch, steps, self.go_backwards, who, self)
        cell = self.cell
        outputs = []
        if steps_run_by_layer(cell):
            input_mask, recurrent_mask = cell.dropout_masks(batch, sequences.shape[-1], training, in_rnn=True)
            # the cell's steps run here, not through its __call__: read its weights as a mixed call does
            with autocasting.weights_as(cell, cell._compute) if cell._compute is not None else nullcontext():
                # read once for the whole loop, as TF's while_loop captures them: in a traced step each
                # read would be its own snapshot, whose gradients add in the reads' (forward) order,
                # where TF's backward loop adds them last step first (tapeflow's eager order)
                graph_order = step_weights = None
                if ACTIVE and unrolled_graph_order.traced_unroll(self):
                    # unrolled in a graph, each step reads the weights anew: their gradients add in the
                    # graph's order (unrolled_graph_order.py), each step's read made here in that order
                    graph_order = unrolled_graph_order.step_order(steps)
                    step_weights = [None] * steps
                    for t in graph_order:
                        step_weights[t] = tuple(w._read_value() if type(w) is Variable else w
                                                for w in cell.recurrent_weights())
                    weights = step_weights[0]
                else:
                    weights = tuple(w._read_value() if type(w) is Variable else w for w in cell.recurrent_weights())
                try:
                    projected_steps = cell.project_steps(sequences, input_mask, self.go_backwards, graph_order)
                except InvalidArgumentError as err:
                    refused = (step_input_error(self, cell, sequences, states, training) or    # steps of another size
                               conv_step_error(self, cell, err, sequences, states, training))
                    if refused is None:
                        raise
                    raise refused from None
                except ValueError as err:       # a string sequence: Keras's type promotion, in the cell's call
                    refused = step_type_error(self, cell, err, sequences, states, training)
                    if refused is None:
                        raise
                    raise refused from None
                if step_weights is not None:
                    pass        # (the whole-sequence paths read the weights once)
                elif lstm_sequence.applies(cell, projected_steps, weights, recurrent_mask, keep, self, initial_state):
                    return lstm_sequence.run(projected_steps, weights, cell.units, self.return_sequences)
                elif gru_sequence.applies(cell, projected_steps, weights, recurrent_mask, keep, self, initial_state):
                    return gru_sequence.run(cell, projected_steps, weights, self.return_sequences)
                elif simple_rnn_sequence.applies(cell, projected_steps, weights, recurrent_mask, keep, self,
                                               initial_state):
                    return simple_rnn_sequence.run(cell, projected_steps, weights, self.return_sequences)
                if step_weights is None and ACTIVE and chunked(steps * eager_step_reads.reads_per_step(cell)):
                    # eagerly Keras's loop reads the weights at every step, and the tape adds a variable's
                    # ten or more reads' gradients as one AddN (step_term_sums.py): a read per step here
                    step_weights, projected = eager_step_reads.per_step_weights(
                        cell, steps, lambda: cell.project_steps(sequences, input_mask, self.go_backwards))
                    if projected is not None:
                        projected_steps = projected
                loop_body_sums = self.return_sequences and ACTIVE and graph_random_ops.current() is not None and \
                    not (keep is None and cell.states_read_twice(recurrent_mask))
                for t, projected in enumerate(projected_steps):
                    if loop_body_sums:
                        # TF's backward while loop adds a state's gradients from inside the next step
                        # first, then the sequence output's: a GRU's h_t (read by the recurrent matmul
                        # and by z * h) takes output + (matmul's + z's), where eager tapes add the
                        # three in another order. One identity per state groups them so.
                        states = [identity(s) for s in states]
                    output, new_states = cell.step(projected, states, weights if step_weights is None else
                                                   step_weights[t], recurrent_mask)
                    output, states = self._skip_masked(keep, t, output, new_states, states, outputs)
                    outputs.append(output)
        else:
            # (a lone built-in cell whose call a subclass overrides draws its dropout masks once a sequence too)
            stack_cells = cell.cells if isinstance(cell, StackedRNNCells) else [cell]
            with sequence_dropout.held_for_sequence(stack_cells, batch, sequences.shape[-1], training), \
                    sequence_weight_reads.held(stack_cells):
                cell_loop_calls.run_dropout_mask_calls(cell, sequences, states, training)
                cell_loop_calls.run_time_zero(self, cell, sequences, states, training)
                for t, inputs in enumerate(time_steps(sequences, self.go_backwards)):
                    with cell_loop_calls.step_context(self, t):
                        # a tuple, as Keras's TF backend hands the step its states (a cell's
                        # `states[1:] + [x]` raises there, and a print shows parentheses)
                        output, new_states = cell(inputs, tuple(states), training=training)
                    new_states = nest.flatten(new_states)
                    output, states = self._skip_masked(keep, t, output, new_states, states, outputs)
                    outputs.append(output)
        if keep is not None and self.unroll and self.zero_output_for_mask:
            outputs = zero_unrolled_outputs(self, keep, outputs)
        if self.stateful:
            stateful_states.keep(self, states)
        result = stacked_steps(outputs) if self.return_sequences else outputs[-1]
        return (result,) + self.returned_states(states) if self.return_state else result

    def _skip_masked(self, keep, t, output, new_states, states, outputs):
        """(output, states) of step ``t``: where the step is masked, the states stay
        and the output is the previous one (zeros at first, or always with
        zero_output_for_mask), as Keras's masked loop does."""
        if keep is None:
            return output, new_states
        kept = keep[t]
        if output.ndim > 2:         # a ConvLSTM's (batch, *spatial, filters) steps
            kept = reshape(kept, (kept.shape[0],) + (1,) * (output.ndim - 1))
        if (self.zero_output_for_mask and not self.unroll) or not outputs:     # unrolled: zeroed after the loop
            output = where(kept, output, 0.0)
        else:
            output = where(kept, output, outputs[-1])
        return output, [where(kept, new, old) for new, old in zip(new_states, states)]

    masks_only_handed_on = True     # compute_mask makes no mask of its own (symbolic_masks.give_masks)

    def compute_mask(self, inputs, mask=None):
        """The input mask for the sequence output (None for the last output alone), None for states."""
        mask = nest.flatten(mask)[0] if mask is not None else None
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(self.state_size)      # one per cell of a stack, as Keras
        return output_mask

    def _initial_states(self, sequences, initial_state, who, training=False):
        batch = sequences.shape[0]
        if initial_state is None and callable(getattr(self.cell, 'get_initial_state', None)) and \
                not isinstance(self.cell, RecurrentCell):
            initial_state = self.cell.get_initial_state(batch_size=batch)      # a user cell's own start
        if initial_state is None:
            if any(isinstance(size, (list, tuple)) for size in self.flat_state_sizes()):
                # a cell's state of several axes (state_size [3, (3, 2)]): Keras 3's ops.zeros((batch, (3, 2)))
                raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
            xp = array_module(sequences._data)
            return [Tensor(xp.zeros(shape, self.compute_dtype)) for shape in self.state_shapes(batch)]
        given = nest.flatten(initial_state)       # a stack's states come nested per cell
        if not isinstance(self.cell, StackedRNNCells):
            given = self._state_count_checked(given)
        given = [s if isinstance(s, Tensor) else convert_to_tensor(np.asarray(s, self.compute_dtype)) for s in given]
        given = [cast(s, self.compute_dtype) if s.dtype != self.compute_dtype else s for s in given]
        # (a stateful layer's kept states on a smaller last batch of a traced step: see check_batch)
        expected = self.state_shapes(self.states[0].shape[0] if self.stateful and self.states else batch)
        if [tuple(s.shape) for s in given] != expected:
            # as many states but of other shapes: TF's kernels refuse them (InvalidArgumentError, a ValueError)
            refused = state_width_error(self, self.cell, sequences, given, training)
            if refused is not None:
                raise refused
            kind = InvalidArgumentError if len(given) == len(expected) else ValueError
            raise kind('%s: initial_state must be %d tensor(s) of shape(s) %s, got shape(s) %s'
                       % (who, len(expected), expected, [tuple(s.shape) for s in given]))
        return given

    takes_first_state = False       # GRU: Keras's GRU.inner_loop keeps initial_state[0] alone
    missing_state_error = 'list index out of range'

    def _state_count_checked(self, given):
        """``given`` initial states as many as the cell has, or Keras's error (TF 2.21): too few fail on
        the loop's ``states[i]`` (IndexError), too many on packing its new states (ValueError); a GRU
        keeps the first and runs."""
        count = len(self.flat_state_sizes())
        if len(given) < count or (self.takes_first_state and not given):
            raise IndexError(self.missing_state_error)
        if len(given) > count:
            if self.takes_first_state:
                return given[:1]
            raise ValueError('Too few leaves for PyTreeSpec; expected: %d, got: %d.' % (len(given), count))
        return given

    def state_shapes(self, batch):
        """The shape of each state tensor for a batch of ``batch`` sequences: (batch, size), or (batch, *size)
        for a cell's state of several axes."""
        return [(batch,) + tuple(size) if isinstance(size, (list, tuple)) else (batch, size)
                for size in self.flat_state_sizes()]

    def flat_state_sizes(self):
        """One size per state tensor: an int, or a tuple for a cell's state of several axes (state_size
        [3, (3, 2)]: two states, as Keras 3 runs it); a stack's ``state_size`` nests ints per cell."""
        if isinstance(self.cell, StackedRNNCells):
            return nest.flatten(self.state_size)
        return list(self.state_size)

    def returned_states(self, flat):
        """The final states as ``return_state`` gives them after the output: nested per cell for a stack."""
        return tuple(self.cell.nest_states(flat)) if isinstance(self.cell, StackedRNNCells) else tuple(flat)

    def get_initial_state(self, batch_size):
        """Zeros of (batch_size, size) for each state of the cell (a stack's nested per cell)."""
        if isinstance(self.cell, StackedRNNCells):
            return self.cell.get_initial_state(batch_size=batch_size)
        return [zeros(shape, self.compute_dtype) for shape in self.state_shapes(batch_size)]

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        batch, length = sequences_shape[0], sequences_shape[1]
        units = getattr(self.cell, 'output_size', None) or self.flat_state_sizes()[0]
        output = (batch, length, units) if self.return_sequences else (batch, units)
        if self.return_state:       # Keras's: a list of shapes for a cell of a stack with several states
            return (output,) + tuple([(batch, s) for s in size] if isinstance(size, (list, tuple)) else (batch, size)
                                     for size in self.state_size)
        return output

    def get_config(self):
        config = super().get_config()
        config.update({
            'return_sequences': self.return_sequences, 'return_state': self.return_state,
            'go_backwards': self.go_backwards, 'stateful': self.stateful, 'unroll': self.unroll,
            'zero_output_for_mask': self.zero_output_for_mask, 'cell': serialize(self.cell),
        })
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        cell = deserialize(config.pop('cell'), custom_objects)      # (from the given dict, as Keras 3)
        return cls(cell, **config)

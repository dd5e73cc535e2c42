"""The states a stateful RNN keeps between calls (Keras 3's ``stateful=True``).

Each state is a non-trainable Variable named 'rnn_state', made when the layer
is built for a fixed batch size; a call starts from them (unless given an
initial_state) and writes its final states back, so that consecutive batches
continue one sequence. ``reset_state()`` zeros them. As in Keras 3 they are
not among the layer's weights, so they are neither trained nor saved.
"""
from framework import nest, trace_names
from framework.backend import array_module
from framework.tensor import Tensor
from framework.variable import Variable

from .. import call_context
from ..weight_paths import weight_path


def create_state_variables(layer, sequences_shape):
    """Zero Variables of (batch_size, size) for each state of ``layer``, named under the layer,
    for input sequences of ``sequences_shape`` (its first length the batch size).

    Raises:
        ValueError: the batch size is not known (a stateful RNN needs a static one); Keras 3's text.
    """
    batch_size = sequences_shape[0]
    if batch_size is None:
        error = ValueError('When using `stateful=True` in a RNN, the batch size must be static. Found dynamic '
                           'batch size: sequence.shape=%s' % (tuple(sequences_shape),))
        error.add_note('%s %r: give the batch size with keras.Input(shape, batch_size=...) or build the layer '
                       'on data' % (type(layer).__name__, layer.name))
        raise error
    states = []
    for initial in nest.flatten(layer.get_initial_state(int(batch_size))):
        state = Variable(initial, trainable=False, name='rnn_state', dtype=layer.dtype)
        state._path = weight_path(layer, 'rnn_state')
        state._name = 'rnn_state'
        states.append(state)
    return states


def reset(states):
    """Zero each state Variable in place (nothing when the layer is not built yet)."""
    for state in states or ():
        state.assign(array_module(state._data).zeros_like(state._data))


def check_batch(layer, batch, sequences):
    """Raises ValueError when ``batch`` differs from the batch size the states were made for.

    Keras 3 checks only a batch size its graph knows: in a traced step of open batch size (predict /
    fit / evaluate on a last, partial batch) the call goes on and the kept states broadcast against
    the smaller batch, so TF 2.21's predict gives a full batch of rows for it."""
    expected = int(layer.states[0].shape[0])
    if int(batch) != expected and not _open_batch_in_trace(sequences):
        # Keras 3's words, its space before the first line break included
        error = ValueError('If an RNN is stateful, the batch size of the input sequences must be the same as the '
                           'batch size of the initial state. \n- Expected batch size: %d\n'
                           '- Received batch size: %d' % (expected, batch))
        error.add_note('%s %r: call it on batches of %d, or reset_state() a layer rebuilt for the new batch '
                       'size' % (type(layer).__name__, layer.name, expected))
        raise error


def _open_batch_in_trace(sequences):
    """Whether a graph trace running now gives ``sequences`` an unknown batch size (a fit / evaluate
    step on data of varying batch size, or a traced call whose spec leaves it open)."""
    if call_context.builds_for_any_batch():
        return True
    if not trace_names.ACTIVE:
        return False
    entry = trace_names.entry_of(sequences)
    return entry is not None and entry[1] is not None and len(entry[1]) > 0 and entry[1][0] is None


def current(layer):
    """The kept states as tensors of their own (a later write-back must not change what a tape recorded)."""
    return [Tensor(state._data.copy()) for state in layer.states]


def keep(layer, final_states):
    """Write a call's final states back, except in a functional call's run on zeros."""
    if call_context.probing():
        return
    for state, value in zip(layer.states, final_states):
        state.assign(value)

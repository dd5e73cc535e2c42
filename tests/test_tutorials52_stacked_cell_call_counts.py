"""How often a custom cell inside a StackedRNNCells runs its Python, as on TF 2.21.

Keras 3's RNN.call first calls each stacked cell once on the first step (_maybe_config_dropout_masks),
unrolled or not. Counts printed by TF 2.21 for a (2, 4, 3) input (progs/tutorials52, /tmp/t52_cnt.py):
    RNN([C(2, 'a'), C([2, 3], 'b')])            a 6, b 6, order a b a b ...
    RNN(C(2, 'a'))                              a 5
    RNN([SimpleRNNCell(2), C(2, 'b')])          b 6
    the same with unroll=True                   5 5 / 4 / 5
tapeflow ran the stacked cells one time fewer (as a lone cell).
"""
import numpy as np

from framework.keras import layers, ops

_CALLS = []


class _CountingCell(layers.Layer):
    def __init__(self, state_size, **kwargs):
        super().__init__(**kwargs)
        self.state_size = state_size

    def call(self, inputs, states):
        _CALLS.append(self.name)
        out = ops.tanh(ops.sum(inputs, -1, keepdims=True) + states[0][:, :1])
        return out, [ops.concatenate([out] * states[0].shape[-1], -1)] + list(states[1:])


def _counts(make_cells, unroll, names):
    _CALLS.clear()
    x = np.random.RandomState(0).randn(2, 4, 3).astype('float32')
    layers.RNN(make_cells(), unroll=unroll)(x)
    counts = [_CALLS.count(n) for n in names]
    order = _CALLS[:4]
    _CALLS.clear()
    return counts, order


def test_stacked_custom_cells_run_once_more():
    for unroll, extra in ((False, 1), (True, 0)):
        counts, order = _counts(lambda: [_CountingCell(2, name='a'), _CountingCell([2, 3], name='b')], unroll,
                                ['a', 'b'])
        assert counts == [5 + extra, 5 + extra] and order == ['a', 'b', 'a', 'b']
        assert _counts(lambda: _CountingCell(2, name='a'), unroll, ['a'])[0] == [4 + extra]
        assert _counts(lambda: [layers.SimpleRNNCell(2), _CountingCell(2, name='b')], unroll, ['b'])[0] == [5 + extra]

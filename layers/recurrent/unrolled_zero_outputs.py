"""zero_output_for_mask in Keras 3's unrolled loop (TF backend's rnn(unroll=True)).

Unrolled, Keras carries the previous output over a masked step (as without zero_output_for_mask), and
only after the loop zeros the stacked outputs with the mask as given, not reversed for go_backwards,
and the last output with the last step's mask. With go_backwards the outputs are in the loop's
(reversed) order, so the zeros land on other steps than the ones masked: TF 2.21 gives
Bidirectional(GRU(2, unroll=True, return_sequences=True)) on mask [1, 1, 0, 0] a backward half of
zeros only. The while loop (unroll=False) zeros each masked step itself (RNN._skip_masked).
"""
from framework.ops import reshape, where


def _zeroed(kept, output):
    if output.ndim > 2:         # a ConvLSTM's (batch, *spatial, filters) steps
        kept = reshape(kept, (kept.shape[0],) + (1,) * (output.ndim - 1))
    return where(kept, output, 0.0)


def zero_unrolled_outputs(layer, keep, outputs):
    """``outputs`` (one per loop step, masked steps carried over) zeroed as Keras's unrolled loop does;
    ``keep`` is the per-step masks in the loop's order."""
    if layer.return_sequences:
        given_order = keep[::-1] if layer.go_backwards else keep
        return [_zeroed(kept, output) for kept, output in zip(given_order, outputs)]
    return outputs[:-1] + [_zeroed(keep[-1], outputs[-1])]

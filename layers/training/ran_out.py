"""Keras 3's warning for an epoch whose input ran out before its ``steps_per_epoch``.

Keras's epoch iterator warns from two lines of its own: one where a known batch count
(arrays, a Dataset of known cardinality) stops the epoch before it begins a step, one where
an input of unknown length (a filtered Dataset, a generator) has no batch for a step it has
begun. Python's default filter shows a warning once per line, so a program that runs out
several times prints one warning per kind, as under TF 2.21: both kinds are warned here,
each from its own line, whichever data class ran out.
"""
import warnings

RAN_OUT_TEXT = ('Your input ran out of data; interrupting training. Make sure that your dataset or generator can '
                'generate at least `steps_per_epoch * epochs` batches. You may need to use the `.repeat()` '
                'function when building your dataset.')


def warn_ran_out(count_known):
    """Warn that the input ran out: ``count_known`` when a known batch count stopped the epoch
    before a step began, False when a begun step found no batch."""
    if count_known:
        warnings.warn(RAN_OUT_TEXT, stacklevel=1)     # Keras: epoch_iterator.py, the count's check
    else:
        warnings.warn(RAN_OUT_TEXT, stacklevel=1)     # Keras: epoch_iterator.py, catch_stop_iteration

"""Whether tf.data makes the element after the one asked for without a ``prefetch`` stage at the end.

TF 2.21's default rewrites put a prefetch after a pipeline's last stage (inject_prefetch) unless the
dataset's options turn off autotuning, that rewrite or the default rewrites. Its thread makes the next
element while the consumer holds this one: invisible except where making an element changes state (a
reshuffling ``shuffle().repeat()`` drawing its next pass's seeds, a random layer in ``map``). Measured:
an iterator that stopped at the end of a pass leaves the next iterator the order after next, and a
``map(f).batch(n)`` still makes one batch early with the rewrite off (map_and_batch_fusion's
MapAndBatch runner) unless that rewrite is off too. TF's thread races its consumer (two runs of one
program can see none, one or two elements made ahead); one is what it reaches most. A final
``prefetch`` makes its own one ahead (prefetch_stage.py).
"""


def makes_one_ahead(dataset):
    """Whether iterating ``dataset`` makes one element early that its stages do not already make."""
    if hasattr(dataset, '_prefetch_buffer'):
        return False
    options = dataset._chained_options()
    optimization = options.experimental_optimization
    if optimization.apply_default_optimizations is False:
        return False
    if options.autotune.enabled is not False and optimization.inject_prefetch is not False:
        return True
    return optimization.map_and_batch_fusion is not False and _holds_map_and_batch(dataset)


def _holds_map_and_batch(dataset):
    """Whether a ``batch`` reads a ``map`` directly somewhere up the chain (``map(f).batch(4).repeat()``
    reads ahead too). TF 2.21 drops a map of the identity function first (its noop_elimination);
    that case is not followed here."""
    stage = dataset
    while stage is not None:
        upstream = getattr(stage, '_upstream', None)
        if (getattr(stage, '_tf_class', None) == '_BatchDataset'
                and getattr(upstream, '_tf_class', None) in ('_MapDataset', '_ParallelMapDataset')):
            return True
        stage = upstream
    return False

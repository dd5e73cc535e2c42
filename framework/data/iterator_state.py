"""What ``tf.train.Checkpoint`` saves of a dataset iterator: its position, and the seeds it drew.

TensorFlow saves its iterators' own (variant) encoding of every stage's state: a shuffle's buffer,
the seeds of its current iteration and how far its shared seed generator had gone. tapeflow
restores an iterator by starting its dataset again and passing over the elements it had handed
out, so it saves what that replay needs to make the same elements: their count, the seed pairs
the reshuffling stages (shuffle, Dataset.random, sample_from_datasets) handed its iterations, in
the order drawn, and how many pairs each such stage had handed out at the save (restored as tf.data
restores its seed generators, so the iterations after the restore draw what they drew after the
save). An iterator that drew no pairs saves the count alone.

The int64 vector: [taken] or [taken, n, a1, b1, ..., an, bn, m, spent1, ..., spentm], the m stages
in the order of their first draw.
"""
import numpy as np


def encode(taken, draws):
    """The saved vector of an iterator that handed out ``taken`` elements and drew ``draws``
    ((stage, pair) in order)."""
    if not draws:
        return np.array([taken], np.int64)
    stages = drawing_stages(draws)
    words = [taken, len(draws)] + [int(w) for _, pair in draws for w in pair]
    words += [len(stages)] + [stage.spent for stage in stages]
    return np.array(words, np.int64)


def decode(value):
    """(taken, pairs, spent per stage) of a saved vector, or None for a value tapeflow did not write
    (TensorFlow's variant state)."""
    value = np.asarray(value)
    if value.dtype != np.int64 or value.ndim != 1 or value.size == 0:
        return None
    words = [int(w) for w in value]
    if len(words) == 1:
        return words[0], [], []
    count = words[1]
    pairs = [tuple(words[2 + 2 * i:4 + 2 * i]) for i in range(count)]
    rest = words[2 + 2 * count:]
    if not rest or len(rest) != rest[0] + 1:
        return None
    return words[0], pairs, rest[1:]


def drawing_stages(draws):
    """The stages of ``draws`` in the order of their first draw."""
    stages = []
    for stage, _ in draws:
        if not any(stage is seen for seen in stages):
            stages.append(stage)
    return stages

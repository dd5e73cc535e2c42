"""``tf.keras.preprocessing.sequence.skipgrams`` and ``make_sampling_table`` (Keras's legacy
word2vec helpers, still exported under tf.keras), drawing from Python's ``random`` as Keras does:
after ``keras.utils.set_random_seed`` the word2vec tutorial gets TensorFlow's pairs.
"""
import random

import numpy as np


def make_sampling_table(size, sampling_factor=1e-5):
    """The probability of keeping the word of each rank, word2vec's subsampling
    ``min(1, sqrt(frequency / sampling_factor) / (frequency / sampling_factor))``, with
    frequencies from Zipf's law: ``1 / (rank * (log(rank) + gamma) + 1/2 - 1/(12 rank))``.

    Args:
        size: the number of ranks (words).
        sampling_factor: word2vec's sampling factor.
    Returns:
        a float64 array of ``size`` probabilities (rank 0 as rank 1).
    """
    rank = np.arange(size)
    rank[0] = 1
    inverse_frequency = rank * (np.log(rank) + 0.577) + 0.5 - 1.0 / (12.0 * rank)
    scaled = sampling_factor * inverse_frequency
    return np.minimum(1.0, scaled / np.sqrt(scaled))


def skipgrams(sequence, vocabulary_size, window_size=4, negative_samples=1.0, shuffle=True, categorical=False,
              sampling_table=None, seed=None):
    """(couples, labels): each word with each word within ``window_size`` of it (label 1), then
    ``negative_samples`` times as many couples of a shuffled word and a random word id (label 0).

    Args:
        sequence: word ids; 0 is not a word and is skipped.
        vocabulary_size: the largest word id + 1 (random ids are drawn from 1 .. size - 1).
        window_size: how far either side a context word may be.
        negative_samples: negative couples per positive one (0: none).
        shuffle: shuffle couples and labels alike (``random.seed(seed)`` before each).
        categorical: labels as [0, 1] / [1, 0] instead of 1 / 0.
        sampling_table: the probability of keeping each word id as a target (make_sampling_table).
        seed: the shuffle's seed (default: drawn from ``random``).
    """
    positive, negative = ([0, 1], [1, 0]) if categorical else (1, 0)
    couples, labels = [], []
    for i, word in enumerate(sequence):
        if not word or (sampling_table is not None and sampling_table[word] < random.random()):
            continue
        for j in range(max(0, i - window_size), min(len(sequence), i + window_size + 1)):
            if j != i and sequence[j]:
                couples.append([word, sequence[j]])
                labels.append(positive)
    if negative_samples > 0:
        count = int(len(labels) * negative_samples)
        targets = [couple[0] for couple in couples]
        random.shuffle(targets)
        couples += [[targets[k % len(targets)], random.randint(1, vocabulary_size - 1)] for k in range(count)]
        labels += [negative] * count
    if shuffle:
        if seed is None:
            seed = random.randint(0, 10 ** 7)
        random.seed(seed)
        random.shuffle(couples)
        random.seed(seed)
        random.shuffle(labels)
    return couples, labels

"""Token counts gathered by ``adapt`` and the vocabulary Keras makes of them.

Keras orders a learned vocabulary by count, most frequent first, and breaks
ties by the tokens themselves in descending order (``np.lexsort`` of
(tokens, counts), reversed); special tokens are never learned. For tf_idf
it also counts in how many documents (rows) each token appears.
"""
import collections
import math

import numpy as np


class VocabularyCounts:
    """Token and document counts over the batches seen so far."""

    def __init__(self):
        self.tokens = collections.Counter()
        self.documents = collections.Counter()
        self.num_documents = 0

    def add(self, rows):
        """Count the tokens of ``rows``: a list of documents, each a list of tokens."""
        for row in rows:
            self.tokens.update(row)
            self.documents.update(set(row))
        self.num_documents += len(rows)

    def vocabulary(self, special, limit):
        """The learned tokens, most frequent first, without ``special`` ones, at most ``limit`` (None: all)."""
        counted = [(count, token) for token, count in self.tokens.items() if token not in special]
        counted.sort(reverse=True)
        tokens = [token for _, token in counted]
        return tokens if limit is None else tokens[:limit]      # (Keras slices by a negative limit too)

    def idf_weights(self, tokens):
        """Keras's inverse document frequency, log(1 + documents / (1 + documents with the token))."""
        return np.array([math.log(1 + self.num_documents / (1 + self.documents[t])) for t in tokens], np.float32)


def rows_of(array):
    """A batch as documents: a scalar or a rank-1 batch is one document; higher ranks give one per leading row."""
    if array.ndim <= 1:
        return [array.reshape(-1).tolist()]
    return array.reshape(array.shape[0], int(np.prod(array.shape[1:]))).tolist()   # -1 fails on no rows

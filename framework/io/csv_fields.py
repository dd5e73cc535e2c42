"""TensorFlow's CSV record splitter (DecodeCSV's ExtractFields), which is stricter than Python's csv
module: an unquoted field may not hold a quote or CR/LF, a quote inside a quoted field must be
doubled, and a quoted field must end at a delimiter or the end of the record."""


class CsvError(Exception):
    """DecodeCSV's sentence about a record; decode_csv turns it into TensorFlow's error."""


def split_fields(line, delim, use_quote_delim, select_cols):
    """The fields (bytes) of the record ``line`` (bytes) split at the byte ``delim``; with
    ``select_cols`` (a sorted list of column indices, or None for all) only those columns."""
    fields, pos, parsed, end = [], 0, 0, len(line)

    def wanted():
        return select_cols is None or select_cols[len(fields)] == parsed

    while pos < end:
        if line[pos] in b'\r\n':
            pos += 1
            continue
        keep, field = wanted(), bytearray()
        if use_quote_delim and line[pos] == ord('"'):
            pos += 1
            while pos < end - 1 and not (line[pos] == ord('"') and line[pos + 1] == delim):
                if line[pos] != ord('"'):
                    field.append(line[pos])
                    pos += 1
                elif line[pos + 1] == ord('"'):
                    field.append(line[pos])
                    pos += 2
                else:
                    raise CsvError('Quote inside a string has to be escaped by another quote')
            if not (pos < end and line[pos] == ord('"') and (pos == end - 1 or line[pos + 1] == delim)):
                raise CsvError('Quoted field has to end with quote followed by delim or end')
            pos += 2
        else:
            while pos < end and line[pos] != delim:
                if (use_quote_delim and line[pos] == ord('"')) or line[pos] in b'\r\n':
                    raise CsvError('Unquoted fields cannot have quotes/CRLFs inside')
                field.append(line[pos])
                pos += 1
            pos += 1
        parsed += 1
        if keep:
            fields.append(bytes(field))
            if select_cols is not None and len(fields) == len(select_cols):
                return fields
    if line and line[-1] == delim and wanted():          # 'a,' ends with an empty field
        fields.append(b'')
    return fields

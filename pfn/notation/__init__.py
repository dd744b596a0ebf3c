"""PFN, the text notation: reading, writing and the JSON form."""

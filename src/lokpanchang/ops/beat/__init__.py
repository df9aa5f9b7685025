"""The beat table, its entries described for people, and how fresh each one is."""
